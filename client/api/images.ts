// Pictures for pages: the image library, alt text, delete, and the upload with its progress.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { Image, ImageList, ImageUploadResult } from '#shared/api/images.ts'
import { ApiError, deleteJson, getJson, putJson } from './http.ts'

export const imageQueries = {
  all: () => ['images'] as const,
  list: () =>
    queryOptions({
      queryKey: [...imageQueries.all(), 'list'] as const,
      queryFn: async () => ImageList.parse(await getJson<unknown>('/api/images')),
    }),
}

export function useChangeImageAlt() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, alt }: { id: number; alt: string }) =>
      Image.parse(await putJson<unknown>(`/api/images/${id}`, { alt })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: imageQueries.all() }),
  })
}

export function useDeleteImage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteJson<void>(`/api/images/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: imageQueries.all() }),
  })
}

/**
 * Uploads one picture file (POST /api/images), reporting the share sent so far (0…1). fetch cannot
 * report upload progress, so this is XMLHttpRequest; failures are ApiError as everywhere else.
 */
export function uploadImage(
  file: File,
  onProgress: (sent: number) => void,
  signal?: AbortSignal,
): Promise<ImageUploadResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', '/api/images')
    request.withCredentials = true
    request.setRequestHeader('Accept', 'application/json')
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(ImageUploadResult.parse(JSON.parse(request.responseText)))
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)))
        }
      } else {
        reject(new ApiError({ status: request.status, statusText: request.statusText, bodyText: request.responseText }))
      }
    }
    request.onerror = () => reject(new ApiError({ status: 0, statusText: 'Network error', bodyText: '' }))
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'))
    signal?.addEventListener('abort', () => request.abort(), { once: true })
    const form = new FormData()
    form.append('file', file)
    request.send(form)
  })
}
