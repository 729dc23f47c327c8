// Pictures for pages: the image library, alt text, delete, and the upload with its progress.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { Image, ImageList, ImageUploadResult } from '#shared/api/images.ts'
import { deleteJson, getJson, putJson, uploadFile } from './http.ts'

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
 * Uploads one picture file (POST /api/images), reporting the share sent so far (0…1); failures are
 * ApiError as everywhere else.
 */
export function uploadImage(
  file: File,
  onProgress: (sent: number) => void,
  signal?: AbortSignal,
): Promise<ImageUploadResult> {
  return uploadFile('/api/images', file, ImageUploadResult, onProgress, signal)
}
