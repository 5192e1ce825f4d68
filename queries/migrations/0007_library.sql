-- The stimulus library (issue 9, items 2 and 3).
-- hidden: the set is left out of the study wizard (the spec's blocked list, kept on the
-- server so every researcher's wizard agrees). uploaded_by: the researcher who created the
-- set on the upload pages ('' for the command line and the built-in set).
ALTER TABLE entity_sets ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
ALTER TABLE entity_sets ADD COLUMN uploaded_by TEXT NOT NULL DEFAULT '';

-- uploaded_at: when the hosted upload last sent or confirmed the file (Unix ms; 0 for files
-- stored with a set). A file no set uses is removed once this is older than the grace
-- period, so an upload in progress is never swept away under it.
ALTER TABLE media ADD COLUMN uploaded_at INTEGER NOT NULL DEFAULT 0;

-- A card's media file is found by its URL (/media/<name>): which sets use a file.
CREATE INDEX entities_entity_url ON entities (entity_url);
