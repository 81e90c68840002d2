import { portfolioRoutes } from '@solutionz/shared';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { apiRequest } from '@/lib/api-client';
import { uploadWithPresignedPost } from '@/lib/presigned-upload';
import { videoPosterFrame } from '@/lib/video-poster';
import { PortfolioUploadQueue, type UploadFailureListener } from './portfolio-uploads';

/** The editor's uploads: grants from the API, files straight to storage, while the editor is shown. */
export function useUploadQueue(onFailure: UploadFailureListener) {
  const [queue] = useState(
    () =>
      new PortfolioUploadQueue({
        requestGrants: async (files, signal) => (await apiRequest(portfolioRoutes.createPortfolioUploads, { body: { files: [...files] }, signal })).uploads,
        send: uploadWithPresignedPost,
        posterFrame: videoPosterFrame,
      }),
  );
  useEffect(() => {
    queue.open();
    return () => queue.close();
  }, [queue]);
  useEffect(() => queue.onFailure(onFailure), [queue, onFailure]);
  const uploads = useSyncExternalStore(queue.subscribe, queue.snapshot);
  return { queue, uploads };
}
