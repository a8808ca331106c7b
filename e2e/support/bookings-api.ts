import type { Booking, BookingMode, Resource } from '@toolpass/contracts';
import type { SignedInAccount } from './detail-api.ts';
import { e2eEnvironment } from './environment.ts';

/** Sets a resource's booking mode and rules through the multipart update, as the edit form does. */
export async function setBookingSettings(
  manager: SignedInAccount,
  resourceId: number,
  settings: { bookingMode: BookingMode; bookingSlotMinutes?: number; bookingMinMinutes?: number },
): Promise<Resource> {
  const form = new FormData();
  for (const [name, value] of Object.entries(settings)) form.append(name, String(value));
  const response = await fetch(new URL(`/api/resources/${resourceId}`, e2eEnvironment().baseUrl), {
    method: 'PUT',
    headers: { Authorization: `Bearer ${manager.token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`PUT /api/resources/${resourceId} answered ${response.status}`);
  return (await response.json()) as Resource;
}

/** Books a span of the resource for the signed-in member. */
export async function book(
  account: SignedInAccount,
  resourceId: number,
  start: Date,
  end: Date,
): Promise<Booking> {
  const response = await fetch(new URL(`/api/resources/${resourceId}/bookings`, e2eEnvironment().baseUrl), {
    method: 'POST',
    headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ start: start.toISOString(), end: end.toISOString() }),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST bookings answered ${response.status}: ${text}`);
  return JSON.parse(text) as Booking;
}
