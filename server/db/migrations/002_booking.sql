-- Booking (issue 4): body-figure sides, post codes, issued booking keys, the
-- patient fields of appointments, booking requests and the outbox.
-- Runs unchanged on PGlite and PostgreSQL 15.

-- Which side of the body figure shows a part.
ALTER TABLE body_parts
  ADD COLUMN figure_view text NOT NULL DEFAULT 'front' CHECK (figure_view IN ('front', 'back', 'both'));
-- Databases seeded before this migration (the seed writes the column itself).
UPDATE body_parts SET figure_view = 'back' WHERE slug = 'spine';
UPDATE body_parts SET figure_view = 'both'
  WHERE slug IN ('head', 'shoulder', 'hand-wrist', 'knee', 'foot-ankle', 'whole-body');

-- Real post codes with the approximate centre of their main suburb (WGS 84).
CREATE TABLE postal_codes (
  id        serial PRIMARY KEY,
  code      text NOT NULL CHECK (code ~ '^[0-9]{4}$'),
  country   text NOT NULL CHECK (country IN ('AU', 'NZ')),
  suburb    text NOT NULL,
  latitude  double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  UNIQUE (code, country)
);

INSERT INTO postal_codes (code, country, suburb, latitude, longitude) VALUES
  ('2000', 'AU', 'Sydney', -33.8688, 151.2093),
  ('2007', 'AU', 'Ultimo', -33.8784, 151.1974),
  ('2009', 'AU', 'Pyrmont', -33.8697, 151.1944),
  ('2010', 'AU', 'Surry Hills', -33.8861, 151.2111),
  ('2011', 'AU', 'Potts Point', -33.8700, 151.2255),
  ('2016', 'AU', 'Redfern', -33.8928, 151.2044),
  ('2021', 'AU', 'Paddington', -33.8842, 151.2311),
  ('2022', 'AU', 'Bondi Junction', -33.8930, 151.2500),
  ('2026', 'AU', 'Bondi Beach', -33.8915, 151.2767),
  ('2031', 'AU', 'Randwick', -33.9140, 151.2410),
  ('2037', 'AU', 'Glebe', -33.8793, 151.1859),
  ('2040', 'AU', 'Leichhardt', -33.8835, 151.1567),
  ('2042', 'AU', 'Newtown', -33.8976, 151.1793),
  ('2060', 'AU', 'North Sydney', -33.8390, 151.2073),
  ('2065', 'AU', 'Crows Nest', -33.8265, 151.2019),
  ('2067', 'AU', 'Chatswood', -33.7969, 151.1803),
  ('2088', 'AU', 'Mosman', -33.8290, 151.2440),
  ('2095', 'AU', 'Manly', -33.7969, 151.2840),
  ('2113', 'AU', 'Macquarie Park', -33.7766, 151.1213),
  ('2135', 'AU', 'Strathfield', -33.8736, 151.0937),
  ('2150', 'AU', 'Parramatta', -33.8150, 151.0011),
  ('2148', 'AU', 'Blacktown', -33.7710, 150.9063),
  ('2170', 'AU', 'Liverpool', -33.9200, 150.9238),
  ('2200', 'AU', 'Bankstown', -33.9173, 151.0354),
  ('2220', 'AU', 'Hurstville', -33.9670, 151.1020),
  ('6000', 'AU', 'Perth', -31.9523, 115.8613),
  ('6003', 'AU', 'Northbridge', -31.9475, 115.8580),
  ('6004', 'AU', 'East Perth', -31.9591, 115.8720),
  ('6005', 'AU', 'West Perth', -31.9486, 115.8417),
  ('6006', 'AU', 'North Perth', -31.9270, 115.8530),
  ('6008', 'AU', 'Subiaco', -31.9490, 115.8266),
  ('6009', 'AU', 'Nedlands', -31.9817, 115.8072),
  ('6027', 'AU', 'Joondalup', -31.7448, 115.7661),
  ('6050', 'AU', 'Mount Lawley', -31.9341, 115.8717),
  ('6100', 'AU', 'Victoria Park', -31.9762, 115.9050),
  ('6151', 'AU', 'South Perth', -31.9747, 115.8640),
  ('6160', 'AU', 'Fremantle', -32.0569, 115.7439),
  ('1010', 'NZ', 'Auckland Central', -36.8485, 174.7633),
  ('1011', 'NZ', 'Ponsonby', -36.8550, 174.7470),
  ('1021', 'NZ', 'Grey Lynn', -36.8600, 174.7390),
  ('1023', 'NZ', 'Newmarket', -36.8697, 174.7780),
  ('1024', 'NZ', 'Mount Eden', -36.8780, 174.7590),
  ('1025', 'NZ', 'Mount Albert', -36.8850, 174.7200),
  ('1050', 'NZ', 'Remuera', -36.8790, 174.7990),
  ('1052', 'NZ', 'Parnell', -36.8580, 174.7830),
  ('0622', 'NZ', 'Takapuna', -36.7889, 174.7730),
  ('0632', 'NZ', 'Albany', -36.7275, 174.7000);

-- Keys handed out by POST /api/booking/booking_key; each can be used once.
CREATE TABLE booking_keys (
  booking_key text PRIMARY KEY CHECK (booking_key ~ '^[A-Za-z0-9_-]{22,64}$'),
  issued_at   timestamptz NOT NULL DEFAULT now(),
  used_at     timestamptz,
  used_for    text CHECK (used_for IN ('appointment', 'booking_request'))
);
CREATE INDEX booking_keys_unused_idx ON booking_keys (issued_at) WHERE used_at IS NULL;

ALTER TABLE appointments
  ADD COLUMN slug                    text UNIQUE,
  ADD COLUMN patient_sex             text CHECK (patient_sex IN ('FEMALE', 'MALE', 'INDETERMINATE')),
  ADD COLUMN patient_postal_code     text,
  ADD COLUMN patient_medicare_number text,
  ADD COLUMN patient_validation_code text;

-- Enquiries for exams that cannot be booked online (or without a slot).
CREATE TABLE booking_requests (
  id                      serial PRIMARY KEY,
  slug                    text NOT NULL UNIQUE,
  booking_key             text NOT NULL UNIQUE,
  clinic_id               integer REFERENCES clinics (id),
  status                  text NOT NULL DEFAULT 'PENDING'
                          CHECK (status IN ('PENDING', 'BOOKED', 'CANCELED')),
  note                    text NOT NULL DEFAULT '',
  patient_first_name      text NOT NULL,
  patient_last_name       text NOT NULL,
  patient_email           text NOT NULL,
  patient_phone           text NOT NULL,
  patient_date_of_birth   date NOT NULL,
  patient_sex             text NOT NULL CHECK (patient_sex IN ('FEMALE', 'MALE', 'INDETERMINATE')),
  patient_postal_code     text NOT NULL,
  patient_medicare_number text,
  patient_validation_code text,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE booking_request_exams (
  booking_request_id integer NOT NULL REFERENCES booking_requests (id) ON DELETE CASCADE,
  exam_id            integer NOT NULL REFERENCES exams (id),
  position           smallint NOT NULL,
  PRIMARY KEY (booking_request_id, exam_id)
);

-- Outgoing e-mail and SMS, written in the transaction of what caused them;
-- a sender (SMTP when configured) marks them sent.
CREATE TABLE outbox (
  id         bigserial PRIMARY KEY,
  channel    text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient  text NOT NULL,
  subject    text NOT NULL DEFAULT '',
  body       text NOT NULL,
  reference  text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at    timestamptz,
  attempts   integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX outbox_unsent_idx ON outbox (created_at) WHERE sent_at IS NULL;
