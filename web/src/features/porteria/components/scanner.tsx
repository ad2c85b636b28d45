import { useEffect, useRef, useState } from 'react';
import { MSG } from '@proveedores/domain';
import { leerQr } from '../lib/qr';

/** Frames are read this often (a phone reads a printed carnet within a few frames). */
const FRAME_MS = 150;

/**
 * The camera, full screen, until a QR code is read (decision 124): getUserMedia with the back
 * camera, each frame read by the browser's BarcodeDetector or jsQR. Closing it stops the camera.
 */
export function Scanner({ onCode, onClose }: { onCode: (codigo: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alive = true;
    const canvas = document.createElement('canvas');
    const tick = async () => {
      const v = video.current;
      if (!alive || !v) return;
      if (v.readyState >= 2) {
        const code = await leerQr(v, canvas).catch(() => null);
        if (!alive) return;
        if (code) {
          onCode(code);
          return;
        }
      }
      timer = setTimeout(() => void tick(), FRAME_MS);
    };
    if (!navigator.mediaDevices?.getUserMedia) setError(MSG.gateScanNoCamera);
    else
      void navigator.mediaDevices
        .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
        .then(async (s) => {
          stream = s;
          if (!alive || !video.current) {
            s.getTracks().forEach((t) => t.stop());
            return;
          }
          video.current.srcObject = s;
          await video.current.play().catch(() => undefined);
          void tick();
        })
        .catch(() => {
          if (alive) setError(MSG.gateScanNoCamera);
        });
    return () => {
      alive = false;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onCode]);

  return (
    <div
      className="gate-scanner"
      role="dialog"
      aria-modal="true"
      aria-label={MSG.gateScan}
      data-testid="gate-scanner"
    >
      <video ref={video} className="gate-scanner-video" muted playsInline />
      <div className="gate-scanner-frame" aria-hidden="true" />
      <p className="gate-scanner-help" role={error ? 'alert' : undefined}>
        {error ?? MSG.gateScanHelp}
      </p>
      <button type="button" className="gate-btn gate-btn-light" onClick={onClose} autoFocus>
        {MSG.gateScanStop}
      </button>
    </div>
  );
}
