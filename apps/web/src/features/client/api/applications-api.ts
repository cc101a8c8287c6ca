import {
  API_ROUTES,
  apiPath,
  type ClientApplicationList,
  type ClientRequirementUploadResult,
} from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The client's application tracker (docs/client-area.md, "My applications"). */
const routes = API_ROUTES.cases;

export const applicationsKey = ['b2c', 'applications'] as const;

export function applicationsQuery() {
  return queryOptions({
    queryKey: applicationsKey,
    queryFn: ({ signal }) =>
      api.get<ClientApplicationList>(routes.clientApplications.path, { signal }).then((r) => r.data),
  });
}

/** Sends the files for one item the client owes, as a multipart form (each file as `files`). */
export function sendRequirementDocuments(applicationId: number, requirementId: number, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return api.post<ClientRequirementUploadResult>(
    apiPath(routes.clientUpload, { id: applicationId, requirementId }),
    form,
  );
}
