-- 0012: image sizes (issue 15, the participant's phone): each stored image's width and
-- height in pixels, read from its header when it is stored, and copied to the cards that
-- show it, so load_experiment can tell the feed how much room a card's image takes before
-- it arrives (no layout shift on a slow phone). NULL when unknown: a video, an image
-- elsewhere on the web, or a header that cannot be read. Files stored before this
-- migration get their sizes when serve next starts (cli/image_sizes.go, docs/decisions.md):
-- SQL cannot read an image header.

ALTER TABLE media ADD COLUMN width INTEGER;
ALTER TABLE media ADD COLUMN height INTEGER;

ALTER TABLE entities ADD COLUMN width INTEGER;
ALTER TABLE entities ADD COLUMN height INTEGER;
