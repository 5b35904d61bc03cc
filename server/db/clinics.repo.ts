import type { ClinicContact } from '../../src/contract/portal.js';
import type { Queryable } from './db.js';

/** clinics, devices and opening_hours. */
export interface NewClinic {
  slug: string;
  name: string;
  address: string;
  suburb: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string;
  email: string;
  timeZone: string;
  latitude: number;
  longitude: number;
  regionId: number;
}

export async function insertClinic(q: Queryable, clinic: NewClinic): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO clinics (slug, name, address, suburb, state, postal_code, country, phone, email,
       time_zone, latitude, longitude, region_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      clinic.slug,
      clinic.name,
      clinic.address,
      clinic.suburb,
      clinic.state,
      clinic.postalCode,
      clinic.country,
      clinic.phone,
      clinic.email,
      clinic.timeZone,
      clinic.latitude,
      clinic.longitude,
      clinic.regionId,
    ],
  );
  if (!rows[0]) throw new Error('INSERT INTO clinics returned no id');
  return rows[0].id;
}

export async function insertDevice(
  q: Queryable,
  device: { clinicId: number; modalityId: number; name: string; mobile?: boolean },
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    'INSERT INTO devices (clinic_id, modality_id, name, mobile) VALUES ($1, $2, $3, $4) RETURNING id',
    [device.clinicId, device.modalityId, device.name, device.mobile ?? false],
  );
  if (!rows[0]) throw new Error('INSERT INTO devices returned no id');
  return rows[0].id;
}

export async function insertOpeningHours(
  q: Queryable,
  hours: { clinicId: number; weekday: number; opens: string; closes: string },
): Promise<void> {
  await q.query(
    'INSERT INTO opening_hours (clinic_id, weekday, opens, closes) VALUES ($1, $2, $3, $4)',
    [hours.clinicId, hours.weekday, hours.opens, hours.closes],
  );
}

export async function listClinicContacts(q: Queryable): Promise<ClinicContact[]> {
  const { rows } = await q.query<ClinicContact>(
    `SELECT id, slug, name, address, suburb, state, postal_code AS "postalCode", phone, email,
       time_zone AS "timeZone", latitude, longitude
     FROM clinics ORDER BY name, id`,
  );
  return rows;
}

/** Devices of one clinic and modality (tests and, later, slot search). */
export async function listDeviceIds(
  q: Queryable,
  clinicSlug: string,
  modalitySlug: string,
): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(
    `SELECT d.id FROM devices d
     JOIN clinics c ON c.id = d.clinic_id JOIN modalities m ON m.id = d.modality_id
     WHERE c.slug = $1 AND m.slug = $2 ORDER BY d.id`,
    [clinicSlug, modalitySlug],
  );
  return rows.map((row) => row.id);
}
