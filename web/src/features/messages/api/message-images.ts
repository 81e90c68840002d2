import { useQuery } from '@tanstack/react-query';
import { messageRoutes, MESSAGING_MESSAGES } from '@solutionz/shared';
import { apiRequest, ApiError } from '@/lib/api-client';
import { uploadWithPresignedPost, type UploadOptions } from '@/lib/presigned-upload';

/**
 * An image for a message: a presigned upload straight to storage (with progress), then the server's check
 * by the bytes. Answers the image id a send names, or throws with the words to show (the server's own when
 * it refused the file).
 */
export async function uploadMessageImage(conversationId: string, file: File, options: UploadOptions = {}): Promise<string> {
  const grant = await apiRequest(messageRoutes.createMessageImageUpload, {
    params: { conversationId },
    body: { name: file.name.slice(0, 255) || 'image', type: file.type, size: file.size },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  try {
    await uploadWithPresignedPost(grant, file, options);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new Error(MESSAGING_MESSAGES.imageUploadFailed, { cause: error });
  }
  const checked = await apiRequest(messageRoutes.checkMessageImage, {
    params: { conversationId, imageId: grant.imageId },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return checked.imageId;
}

/** The words for a failed upload: the server's message, or a general one. */
export function imageFailureText(error: unknown): string {
  if (error instanceof ApiError) return error.fieldMessage('params.imageId') ?? error.message;
  return error instanceof Error && error.message ? error.message : MESSAGING_MESSAGES.imageUploadFailed;
}

/**
 * An image of a conversation as an address the page can show: its bytes come from the API with the
 * session (they are never at a public address) and are kept for the page's life, as they never change.
 */
export function useMessageImage(conversationId: string, imageId: string, size: 'full' | 'thumb', enabled = true) {
  const query = useQuery({
    // Not under the messages key: a send refreshes those, and an image never changes.
    queryKey: ['message-images', conversationId, imageId, size],
    queryFn: async ({ signal }) => {
      const file = await apiRequest(messageRoutes.getMessageImage, { params: { conversationId, imageId }, query: { size }, signal });
      return URL.createObjectURL(new Blob([new Uint8Array(file.bytes)], { type: file.contentType }));
    },
    enabled,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: 1,
  });
  return query;
}
