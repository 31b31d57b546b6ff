import { PRODUCT_IMAGES_MAX } from '@mandado/shared/merchant-catalog.schemas';
import { STAFF_MESSAGES } from '@mandado/shared/staff-messages';
import { failureMessage } from '@mandado/web-kit/failure-text.ts';
import { shrinkPhoto } from '@mandado/web-kit/photo-shrink.ts';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { uploadProductImage } from './catalog.api.ts';
import { addPhoto, movePhoto, photosLeft, removePhoto } from './photo-order.ts';

interface ProductPhotosProps {
  storeId: number;
  productName: string;
  images: readonly string[];
  /** Changes the form's list from its latest value (uploads finish one after another, after renders). */
  onImagesChange: (update: (current: readonly string[]) => string[]) => void;
  /** Tells the form how many uploads are under way ('Guardar' waits for them). */
  onUploadingChange: (count: number) => void;
  error: string | undefined;
}

/**
 * The product's photos: the file box (on a phone it offers the camera or the gallery) uploads each chosen
 * photo at once, one after another, and shows it; the first is the main one, 'Subir' and 'Bajar' reorder
 * them, 'Quitar' drops one (the server deletes a photo no product shows after a day). The form saves the list
 * with the product.
 */
export function ProductPhotos({
  storeId,
  productName,
  images,
  onImagesChange,
  onUploadingChange,
  error,
}: ProductPhotosProps) {
  const ids = useId();
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const left = photosLeft(images) - uploading;
  const name = productName.trim() || 'el producto';

  // The form hears the count after each change ('Guardar' waits while photos are still going up).
  useEffect(() => onUploadingChange(uploading), [uploading, onUploadingChange]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // Cleared at once, so choosing the same photo again (after 'Quitar') uploads it again.
    event.target.value = '';
    if (files.length === 0) return;
    const taken = files.slice(0, Math.max(0, left));
    setProblem(files.length > taken.length ? STAFF_MESSAGES.tooManyImages(PRODUCT_IMAGES_MAX) : null);
    setUploading((count) => count + taken.length);
    for (const file of taken) {
      try {
        // Made at most 1600 px on the phone first (some 300 KB instead of 3–8 MB on mobile data).
        const url = await uploadProductImage(storeId, await shrinkPhoto(file));
        onImagesChange((current) => addPhoto(current, url));
      } catch (uploadError) {
        setProblem(failureMessage(uploadError) ?? 'No pudimos subir la foto. Intenta de nuevo.');
      } finally {
        setUploading((count) => count - 1);
      }
    }
  }

  const hintId = `${ids}-hint`;
  const message = problem ?? error;
  return (
    <fieldset className="product-photos" aria-describedby={hintId}>
      <legend className="field-label">Fotos</legend>
      <p id={hintId} className="form__hint">
        La primera es la principal. Hasta {PRODUCT_IMAGES_MAX} fotos en JPEG, PNG o WebP, de hasta 8 MB cada
        una.
      </p>
      {images.length > 0 ? (
        <ol className="product-photos__list">
          {images.map((url, index) => (
            <li key={url} className="product-photo">
              <img
                src={url}
                alt={`Foto ${index + 1} de ${name}`}
                width={72}
                height={72}
                className="product-photo__image"
              />
              <div className="product-photo__side">
                {index === 0 ? <span className="badge catalog-badge--main">Principal</span> : null}
                <div className="product-photo__actions">
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-disabled={index === 0 || undefined}
                    onClick={() => index > 0 && onImagesChange((current) => movePhoto(current, index, -1))}
                  >
                    Subir<span className="visually-hidden"> la foto {index + 1}</span>
                  </button>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-disabled={index === images.length - 1 || undefined}
                    onClick={() =>
                      index < images.length - 1 && onImagesChange((current) => movePhoto(current, index, 1))
                    }
                  >
                    Bajar<span className="visually-hidden"> la foto {index + 1}</span>
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small product-photo__remove"
                    onClick={() => onImagesChange((current) => removePhoto(current, index))}
                  >
                    Quitar<span className="visually-hidden"> la foto {index + 1}</span>
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      <div className="product-photos__add">
        {left > 0 ? (
          <>
            <input
              id={`${ids}-file`}
              type="file"
              accept="image/*"
              multiple
              className="product-photos__input"
              aria-describedby={message ? `${ids}-error` : undefined}
              onChange={(event) => void choose(event)}
            />
            <label htmlFor={`${ids}-file`} className="button button--secondary product-photos__pick">
              Agregar fotos
            </label>
          </>
        ) : uploading === 0 ? (
          <p className="form__hint">Ya tiene {PRODUCT_IMAGES_MAX} fotos: quita una para agregar otra.</p>
        ) : null}
        {/* Always in the page, so the screen reader hears it when an upload starts. */}
        <p className="product-photos__status" role="status">
          {uploading > 0 ? (
            <>
              <Spinner size="small" />
              {uploading === 1 ? 'Subiendo 1 foto…' : `Subiendo ${uploading} fotos…`}
            </>
          ) : null}
        </p>
      </div>
      {message ? (
        <p id={`${ids}-error`} className="form__error" role="alert">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
