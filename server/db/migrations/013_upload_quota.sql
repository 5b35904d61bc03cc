-- Uploads to booking keys that have not booked (issue 11 part 5): anyone may
-- get a key, so what one client address uploads to such keys is counted
-- against a budget over a sliding window (UPLOAD_QUOTA_BYTES,
-- UPLOAD_QUOTA_FILES, UPLOAD_UNBOOKED_HOURS). One row per accepted upload or
-- replacement, kept while it is inside the window; a deleted document still
-- counts, so deleting and uploading again does not renew the budget. Rows of
-- a key that has since booked no longer count. Runs unchanged on PGlite and
-- PostgreSQL 15.
CREATE TABLE document_upload_usage (
  id             bigserial PRIMARY KEY,
  -- The client address (an IPv6 address as its /64 prefix).
  client_address text NOT NULL,
  booking_key    text NOT NULL,
  bytes          bigint NOT NULL CHECK (bytes > 0),
  at             timestamptz NOT NULL
);
CREATE INDEX document_upload_usage_address_idx ON document_upload_usage (client_address, at);
CREATE INDEX document_upload_usage_at_idx ON document_upload_usage (at);

-- The sweep looks for temporary documents by age.
CREATE INDEX temporary_documents_created_idx ON temporary_documents (created_at);
