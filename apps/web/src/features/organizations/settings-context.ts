import { useOutletContext } from 'react-router';
import type { OrganizationDetail } from './api/get-organization';

/** What the organization settings layout hands its pages. */
export interface OrganizationSettingsContext {
  organization: OrganizationDetail;
}

export function useOrganizationSettings(): OrganizationSettingsContext {
  return useOutletContext<OrganizationSettingsContext>();
}
