import type JsQr from 'jsqr';
/**
 * Reading a QR code from a camera frame or a photo (decision 124): the browser's BarcodeDetector where
 * it has one (Android Chrome), else jsQR on the pixels of a canvas. jsQR loads on first use (and is
 * fetched ahead on the gate page while online, so the service worker keeps it for offline use): the
 * login route never carries it.
 */
type Detector = { detect(src: ImageBitmapSource): Promise<{ rawValue: string }[]> };
type DetectorCtor = new (opts: { formats: string[] }) => Detector;

let detector: Detector | null | undefined;
function nativeDetector(): Detector | null {
  if (detector !== undefined) return detector;
  const Ctor = (globalThis as { BarcodeDetector?: DetectorCtor }).BarcodeDetector;
  try {
    detector = Ctor ? new Ctor({ formats: ['qr_code'] }) : null;
  } catch {
    detector = null;
  }
  return detector;
}

let jsqr: Promise<typeof JsQr> | undefined;
export const cargarDecodificador = () => (jsqr ??= import('jsqr').then((m) => m.default));

/** Big photos are read at this size at most (jsQR's time grows with the pixels). */
const MAX_LADO = 1280;

export async function leerQr(
  src: HTMLVideoElement | ImageBitmap,
  canvas: HTMLCanvasElement,
): Promise<string | null> {
  const native = nativeDetector();
  if (native) {
    try {
      const found = await native.detect(src);
      return found[0]?.rawValue ?? null;
    } catch {
      /* unsupported source or format: jsQR below */
    }
  }
  const w0 = src instanceof HTMLVideoElement ? src.videoWidth : src.width;
  const h0 = src instanceof HTMLVideoElement ? src.videoHeight : src.height;
  if (!w0 || !h0) return null;
  const scale = Math.min(1, MAX_LADO / Math.max(w0, h0));
  const w = Math.round(w0 * scale);
  const h = Math.round(h0 * scale);
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(src, 0, 0, w, h);
  const decode = await cargarDecodificador();
  return decode(ctx.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** A photo of a code (the file input with capture=environment). */
export async function leerQrDeFoto(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return await leerQr(bitmap, document.createElement('canvas'));
  } finally {
    bitmap.close();
  }
}
