import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  ContactRequestInput,
  CustomRequestInput,
  ProcessStep,
  RequestReceipt,
  UploadReply,
} from '../../../domain/requests.ts';
import { api } from '../../lib/api.ts';
import { type UploadOptions, uploadFile } from '../../lib/upload.ts';

/** Spec storefront §7 "Requests" and GET api/process. */

/** GET api/process: the steps of a custom order, in order. They change rarely. */
export function useProcessSteps() {
  return useQuery({
    queryKey: ['process'],
    queryFn: ({ signal }) => api.get<ProcessStep[]>('/api/process', { signal }),
    staleTime: 30 * 60_000,
  });
}

/** POST api/setCustomRequest: the custom form, its logos already uploaded (`logo`, comma-joined). */
export function useSubmitCustomRequest() {
  return useMutation({
    mutationFn: (body: CustomRequestInput) => api.post<RequestReceipt>('/api/setCustomRequest', body),
  });
}

/** POST api/contactus. */
export function useSendContact() {
  return useMutation({
    mutationFn: (body: ContactRequestInput) => api.post<RequestReceipt>('/api/contactus', body),
  });
}

/** POST api/upload: one logo, with progress; answers { url }. */
export function uploadLogo(file: File, options: UploadOptions): Promise<UploadReply> {
  return uploadFile<UploadReply>('/api/upload', file, options);
}
