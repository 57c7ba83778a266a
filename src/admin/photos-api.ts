// A product's photos in the back office (/api/admin/products/{id}/images…; shapes in
// server/contract/admin-photos.ts): the list, the upload with its progress, and the changes.
import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { AdminImage, ProductImages } from '@contract/admin-photos';
import { ApiError, request, type Envelope } from '@/lib/api-client';
import { storage, type Lang } from '@/lib/storage';
import { adminKeys } from './api';

export type Photo = Static<typeof AdminImage>;
export type PhotosData = Static<typeof ProductImages>;

export const photosKey = (token: string | null, lang: Lang, productId: number) => [...adminKeys.all(token), 'product-photos', productId, lang] as const;

const path = (productId: number) => `/admin/products/${productId}/images`;

export const photosQuery = (token: string | null, lang: Lang, productId: number) => queryOptions({
  queryKey: photosKey(token, lang, productId),
  queryFn: async ({ signal }) => (await request<PhotosData>(path(productId), { lang, signal })).data,
});

const API = `${import.meta.env.VITE_API_HOST ?? ''}/api`;

/**
 * Sends one photo as a form upload, telling `onProgress` how much of it has gone (0 to 1): fetch
 * cannot say, XMLHttpRequest can. Answers like `request` (src/lib/api-client.ts): the envelope, or
 * an ApiError with the server's message in `lang`.
 */
export function uploadPhoto(productId: number, file: Blob, lang: Lang, onProgress: (sent: number) => void): Promise<Envelope<PhotosData>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API}${path(productId)}`);
    xhr.setRequestHeader('lang', lang);
    const token = storage.token();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: Partial<Envelope<PhotosData>> & { errors?: Record<string, string[]> } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: a proxy's page. The status still tells what happened.
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as Envelope<PhotosData>);
      const said = typeof body.message === 'string' && body.message.trim() !== '';
      const tooLarge = xhr.status === 413 ? t`This photo is too large.` : t`Something went wrong. Please try again.`;
      reject(new ApiError(xhr.status, said ? body.message! : tooLarge, body.errors ?? {}, said));
    };
    xhr.onerror = () => reject(new ApiError(0, t`No connection. Check your internet and try again.`));
    xhr.onabort = xhr.onerror;
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}

export type PhotoChange =
  | { kind: 'main'; imageId: number }
  | { kind: 'delete'; imageId: number }
  | { kind: 'order'; ids: number[] };

/** Make main, delete, reorder: the answer is the photos after it, kept at once; every admin query is then asked again. */
export function usePhotoChange(token: string | null, lang: Lang, productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: PhotoChange) => {
      const answer = change.kind === 'main'
        ? await request<PhotosData>(`${path(productId)}/${change.imageId}/main`, { lang, method: 'POST' })
        : change.kind === 'delete'
          ? await request<PhotosData>(`${path(productId)}/${change.imageId}`, { lang, method: 'DELETE' })
          : await request<PhotosData>(`${path(productId)}/order`, { lang, method: 'PUT', body: { ids: change.ids } });
      return answer;
    },
    onSuccess: (answer) => {
      client.setQueryData(photosKey(token, lang, productId), answer.data);
      void client.invalidateQueries({ queryKey: adminKeys.all(token) });
    },
  });
}
