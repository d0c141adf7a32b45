import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AddCalloutPayload,
  CalloutChangeResponse,
  EditCalloutPayload,
  StaffCalloutsResponse,
} from '@testerhub/shared/callout-admin-schemas';
import { apiGet } from '../../lib/api';
import { staffKeys } from './query-keys';
import { useContentChange } from './site-content';

/** GET /api/staff/content/Callouts (content role): every call-out, switched-off ones too, with its revision. */
export const calloutsQuery = () =>
  queryOptions({ queryKey: staffKeys.contentCallouts(), queryFn: () => apiGet<StaffCalloutsResponse>('/staff/content/Callouts') });
export const useStaffCallouts = () => useQuery(calloutsQuery());

export const useAddCallout = () => useContentChange<AddCalloutPayload, CalloutChangeResponse>('AddCallout', staffKeys.contentCallouts());
export const useEditCallout = () => useContentChange<EditCalloutPayload, CalloutChangeResponse>('EditCallout', staffKeys.contentCallouts());
