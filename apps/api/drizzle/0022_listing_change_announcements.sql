-- Which listings changed, by id (ADR 33): the in-memory search of the embedded database
-- refreshes those listings' facts instead of reading every listing again. Announced after
-- each statement from its transition table; a statement that touched more than 100 listings
-- (a generated data set, an agent marked as fraud) announces '*', read again in full.
-- PostgreSQL allows a transition table only on a trigger of one event: three triggers.
CREATE FUNCTION basha_announce_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM changed_listings) > 100 THEN
    PERFORM pg_notify('basha_listing_changes', '*');
  ELSE
    PERFORM pg_notify('basha_listing_changes', id::text) FROM changed_listings;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER listings_announce_inserted AFTER INSERT ON listings REFERENCING NEW TABLE AS changed_listings FOR EACH STATEMENT EXECUTE FUNCTION basha_announce_listings();--> statement-breakpoint
CREATE TRIGGER listings_announce_updated AFTER UPDATE ON listings REFERENCING NEW TABLE AS changed_listings FOR EACH STATEMENT EXECUTE FUNCTION basha_announce_listings();--> statement-breakpoint
CREATE TRIGGER listings_announce_deleted AFTER DELETE ON listings REFERENCING OLD TABLE AS changed_listings FOR EACH STATEMENT EXECUTE FUNCTION basha_announce_listings();
