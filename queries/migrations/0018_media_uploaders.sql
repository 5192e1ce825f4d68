-- Who uploaded each media file (issue 20, item 5): the media quota per researcher counts a
-- file once for every researcher who uploaded it through the hosted upload or a bundle
-- imported on the web pages. Files stored from the command line (sets import --media,
-- study import) and the built-in set have no row: they count to no one. The rows go with
-- the file's record and with the researcher's account.
CREATE TABLE media_uploaders (
    name          TEXT    NOT NULL REFERENCES media (name) ON DELETE CASCADE,
    researcher_id INTEGER NOT NULL REFERENCES researchers (researcher_id) ON DELETE CASCADE,
    uploaded_at   INTEGER NOT NULL,
    PRIMARY KEY (researcher_id, name)
) WITHOUT ROWID;

-- The cascade from media finds a file's rows by name.
CREATE INDEX media_uploaders_name ON media_uploaders (name);
