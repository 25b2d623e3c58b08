-- A listing's card shows its agent's name, email and photo, and the embedded database keeps
-- the public listings' cards in memory (ADR 33): a change to any of them announces the
-- agent's listings, as a change to a listing does (0022), or '*' past 100. A trigger with
-- transition tables cannot name the columns it watches, so the function compares them: any
-- other change to an account (its role, its language) announces nothing.
CREATE FUNCTION basha_announce_agent_listings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  SELECT array_agg(l.id) INTO ids
    FROM changed_accounts n
    JOIN previous_accounts o ON o.id = n.id
    JOIN listings l ON l.agent_id = n.id
   WHERE (n.name, n.email, n.image) IS DISTINCT FROM (o.name, o.email, o.image);
  IF cardinality(ids) > 100 THEN
    PERFORM pg_notify('basha_listing_changes', '*');
  ELSIF ids IS NOT NULL THEN
    PERFORM pg_notify('basha_listing_changes', id::text) FROM unnest(ids) AS id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_announce_agent_listings AFTER UPDATE ON users REFERENCING OLD TABLE AS previous_accounts NEW TABLE AS changed_accounts FOR EACH STATEMENT EXECUTE FUNCTION basha_announce_agent_listings();
