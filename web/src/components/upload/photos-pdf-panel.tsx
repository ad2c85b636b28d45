import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { FOTOS_MSG } from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { photosToPdf, PhotosPdfError } from '@/lib/photos-to-pdf';
import { showToast } from '@/lib/toast';
import './photos-pdf.css';

type Photo = { id: number; file: File; url: string };

type Props = {
  disabled?: boolean;
  /** The built PDF, handed to the upload field as if the user had chosen it. */
  onPdf: (file: File) => Promise<void> | void;
};

/** True on a touch-first device (a phone): the control says 'Tomar fotos' there. */
function usesCamera(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

let nextId = 1;

/**
 * Photos from the site turned into one PDF (docs/decisions/140). On a phone the input opens the
 * camera (capture="environment"; one photo per capture, so photos are added one by one); on a
 * computer it picks images. The photos are listed in page order with thumbnails, can be moved and
 * removed with plain buttons, and 'Crear PDF' builds the PDF and hands it to the upload field.
 */
export function PhotosPdfPanel({ disabled, onPdf }: Props) {
  const inputId = useId();
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  /** After a move, the button to focus again (the list item's DOM node moved and lost focus). */
  const [refocus, setRefocus] = useState<{ id: number; dir: 'up' | 'down' } | null>(null);
  const [camera] = useState(usesCamera);

  // Thumbnails are object URLs of the photos: released when a photo leaves the list.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const held = urls.current;
    return () => held.forEach((u) => URL.revokeObjectURL(u));
  }, []);
  const release = (p: Photo) => {
    URL.revokeObjectURL(p.url);
    urls.current.delete(p.url);
  };

  useEffect(() => {
    if (!refocus || !list.current) return;
    const item = list.current.querySelector<HTMLElement>(`[data-photo-id="${refocus.id}"]`);
    const wanted = item?.querySelector<HTMLButtonElement>(`[data-move="${refocus.dir}"]`);
    const other = item?.querySelector<HTMLButtonElement>(
      `[data-move="${refocus.dir === 'up' ? 'down' : 'up'}"]`,
    );
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setRefocus(null);
  }, [refocus, photos]);

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const added = Array.from(e.target.files ?? []).map((file) => {
      const url = URL.createObjectURL(file);
      urls.current.add(url);
      return { id: nextId++, file, url };
    });
    e.target.value = '';
    if (added.length > 0) setPhotos((p) => [...p, ...added]);
  };

  const move = (i: number, dir: 'up' | 'down') => {
    const j = dir === 'up' ? i - 1 : i + 1;
    setPhotos((p) => {
      if (j < 0 || j >= p.length) return p;
      const next = [...p];
      [next[i], next[j]] = [next[j], next[i]];
      return next;
    });
    setRefocus({ id: photos[i].id, dir });
  };

  const remove = (i: number) => {
    const gone = photos[i];
    release(gone);
    setPhotos((p) => p.filter((x) => x.id !== gone.id));
    input.current?.focus();
  };

  const discard = () => {
    photos.forEach(release);
    setPhotos([]);
  };

  const build = async () => {
    const total = photos.length;
    setProgress({ done: 0, total });
    let pdf: File;
    try {
      pdf = await photosToPdf(
        photos.map((p) => p.file),
        (done) => setProgress({ done, total }),
      );
    } catch (err) {
      setProgress(null);
      void alerts.warning(err instanceof PhotosPdfError ? err.message : FOTOS_MSG.fotosError);
      return;
    }
    setProgress(null);
    showToast({
      severity: 'info',
      summary: FOTOS_MSG.fotosCreado(pdf.name, total, Math.ceil(pdf.size / 1024)),
    });
    discard();
    await onPdf(pdf);
  };

  const busy = progress !== null;
  const locked = disabled || busy;
  const label =
    photos.length > 0 ? FOTOS_MSG.fotosAgregar : camera ? FOTOS_MSG.fotosTomar : FOTOS_MSG.fotosConvertir;
  return (
    <div className="photos-pdf" data-testid="photos-pdf">
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        className="file-input"
        disabled={locked}
        onChange={onChange}
        data-testid="photos-input"
      />
      <label
        htmlFor={inputId}
        className={`p-button p-button-outlined file-button${locked ? ' p-disabled' : ''}`}
      >
        <i className={`pi ${photos.length > 0 ? 'pi-plus' : 'pi-camera'}`} aria-hidden="true" />
        <span>{label}</span>
      </label>
      {photos.length > 0 && (
        <section className="photos-pdf-list" aria-labelledby={titleId} data-testid="photos-list">
          <h3 id={titleId} className="modal-subtitle">
            {FOTOS_MSG.fotosTitulo(photos.length)}
          </h3>
          <p className="hint">{FOTOS_MSG.fotosAyuda}</p>
          <ol ref={list} aria-label={FOTOS_MSG.fotosLista}>
            {photos.map((p, i) => (
              <li key={p.id} data-photo-id={p.id} data-testid="photo-item">
                <img src={p.url} alt={FOTOS_MSG.fotosPagina(i + 1)} />
                <span className="photos-pdf-page">{FOTOS_MSG.fotosPagina(i + 1)}</span>
                <span className="photos-pdf-actions">
                  <Button
                    type="button"
                    icon="pi pi-arrow-up"
                    text
                    rounded
                    aria-label={FOTOS_MSG.fotosSubir(i + 1)}
                    disabled={locked || i === 0}
                    onClick={() => move(i, 'up')}
                    data-move="up"
                  />
                  <Button
                    type="button"
                    icon="pi pi-arrow-down"
                    text
                    rounded
                    aria-label={FOTOS_MSG.fotosBajar(i + 1)}
                    disabled={locked || i === photos.length - 1}
                    onClick={() => move(i, 'down')}
                    data-move="down"
                  />
                  <Button
                    type="button"
                    icon="pi pi-trash"
                    text
                    rounded
                    severity="danger"
                    aria-label={FOTOS_MSG.fotosQuitar(i + 1)}
                    disabled={locked}
                    onClick={() => remove(i)}
                  />
                </span>
              </li>
            ))}
          </ol>
          {progress && (
            <div className="photos-pdf-progress" role="status">
              <span>
                {FOTOS_MSG.fotosProcesando(Math.min(progress.done + 1, progress.total), progress.total)}
              </span>
              <ProgressBar
                value={Math.round((100 * progress.done) / progress.total)}
                showValue={false}
                aria-hidden="true"
              />
            </div>
          )}
          <div className="modal-actions">
            <Button
              type="button"
              label={FOTOS_MSG.fotosDescartar}
              outlined
              disabled={locked}
              onClick={discard}
            />
            <Button
              type="button"
              label={FOTOS_MSG.fotosCrear(photos.length)}
              icon="pi pi-file-pdf"
              disabled={locked}
              onClick={() => void build()}
              data-testid="photos-build"
            />
          </div>
        </section>
      )}
    </div>
  );
}
