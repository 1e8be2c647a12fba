import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap, type ApiClient } from '@/shared/api';
import type { AddressPayload, AddressType, CorporateDataPayload, PrivateDataPayload } from '../model/profile-values';

// The User calls of the profile page. Each resolves when the API agreed and rejects with an
// ApiError (status and error body) otherwise; the page reloads Me after every success.

export const addressesQueryOptions = (client: ApiClient = apiClient) =>
  queryOptions({
    queryKey: ['account', 'addresses'],
    queryFn: async ({ signal }) =>
      unwrap('GET /api/user/Addresses', await client.GET('/api/user/Addresses', { signal })).Addresses,
    staleTime: 60_000,
  });

export async function changeBusinessName(businessName: 0 | 1, client: ApiClient = apiClient): Promise<void> {
  unwrap('ChangeBusinessName', await client.PUT('/api/User/ChangeBusinessName', { body: { businessName } }));
}

export async function savePrivateData(body: PrivateDataPayload, client: ApiClient = apiClient): Promise<void> {
  unwrap('UpdatePrivateData', await client.PUT('/api/user/UpdatePrivateData', { body }));
}

export async function saveCorporateData(body: CorporateDataPayload, client: ApiClient = apiClient): Promise<void> {
  unwrap('UpdateCorporateData', await client.PUT('/api/user/UpdateCorporateData', { body }));
}

export async function saveAddress(
  type: AddressType,
  body: AddressPayload,
  client: ApiClient = apiClient,
): Promise<void> {
  unwrap('PUT Addresses', await client.PUT('/api/user/Addresses/{type}', { params: { path: { type } }, body }));
}

export async function removeAddress(type: 'shipping' | 'billing', client: ApiClient = apiClient): Promise<void> {
  unwrap('DELETE Addresses', await client.DELETE('/api/user/Addresses/{type}', { params: { path: { type } } }));
}

export async function updatePhone(phonePrefix: string, phone: string, client: ApiClient = apiClient): Promise<void> {
  unwrap('updatePhone', await client.POST('/api/user/updatePhone', { body: { phonePrefix, phone } }));
}

export async function changeConsent(
  kind: 'commercial' | 'partner',
  granted: boolean,
  client: ApiClient = apiClient,
): Promise<void> {
  if (kind === 'commercial')
    unwrap(
      'ChangeCommercialConsent',
      await client.PUT('/api/User/ChangeCommercialConsent', { body: { CommercialConsent: granted } }),
    );
  else
    unwrap(
      'ChangePartnerConsent',
      await client.PUT('/api/user/ChangePartnerConsent', { body: { PartnerConsent: granted } }),
    );
}

export async function updatePassword(
  body: { username: string; oldPassword: string; newPassword: string },
  client: ApiClient = apiClient,
): Promise<void> {
  unwrap('updatePassword', await client.PUT('/api/user/updatePassword', { body }));
}

export async function uploadAvatar(file: File, client: ApiClient = apiClient): Promise<string> {
  const result = await client.POST('/api/user/Avatar', {
    // The schema types the binary part as a string; the serializer sends the real file.
    body: { Avatar: '' },
    bodySerializer: () => {
      const form = new FormData();
      form.append('Avatar', file, file.name);
      return form;
    },
  });
  return unwrap('POST Avatar', result).Avatar;
}

export async function removeAvatar(client: ApiClient = apiClient): Promise<void> {
  unwrap('DELETE Avatar', await client.DELETE('/api/user/Avatar'));
}

export async function deleteAccount(id: number, client: ApiClient = apiClient): Promise<void> {
  unwrap('DELETE user', await client.DELETE('/api/user/{id}', { params: { path: { id } } }));
}

export const sessionsQueryOptions = (client: ApiClient = apiClient) =>
  queryOptions({
    queryKey: ['account', 'sessions'],
    queryFn: async ({ signal }) => unwrap('GET Sessions', await client.GET('/api/User/Sessions', { signal })).Sessions,
  });

export type UserSession = Awaited<ReturnType<NonNullable<ReturnType<typeof sessionsQueryOptions>['queryFn']>>>[number];

export async function endSession(id: number, client: ApiClient = apiClient): Promise<void> {
  unwrap('DELETE Sessions', await client.DELETE('/api/User/Sessions/{id}', { params: { path: { id } } }));
}

export async function endOtherSessions(client: ApiClient = apiClient): Promise<number> {
  return unwrap('EndOthers', await client.POST('/api/User/Sessions/EndOthers')).Ended;
}

/** The password typed again: the next ten minutes allow deleting the account or changing the phone. */
export async function reauthenticate(password: string, client: ApiClient = apiClient): Promise<void> {
  unwrap('Reauthenticate', await client.POST('/api/User/Reauthenticate', { body: { password } }));
}

/** The file «Scarica i tuoi dati» saves: the account's data as the server sends it, and its name. */
export interface AccountDataFile {
  blob: Blob;
  filename: string;
}

/** Everything kept about the account, as a JSON file (needs a login from the last 10 minutes). */
export async function exportMyData(client: ApiClient = apiClient): Promise<AccountDataFile> {
  const result = await client.GET('/api/User/Export', { parseAs: 'blob' });
  const blob = unwrap('GET Export', result);
  const disposition = result.response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'rexer-dati.json';
  return { blob, filename };
}
