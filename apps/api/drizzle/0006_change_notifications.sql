-- Every committed change to the tables API answers are built from is announced on the
-- channel basha_changes, the table's name as the payload. Each API process listens and
-- drops what it cached from that table (src/cache/). Statement-level: one announcement per
-- statement, and PostgreSQL folds repeats within a transaction into one.
CREATE FUNCTION basha_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('basha_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_announce_change AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION basha_announce_change();--> statement-breakpoint
-- A new session (a login) changes nothing anyone has cached; an ended or extended one does.
CREATE TRIGGER sessions_announce_change AFTER UPDATE OR DELETE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION basha_announce_change();--> statement-breakpoint
CREATE TRIGGER properties_announce_change AFTER INSERT OR UPDATE OR DELETE ON properties FOR EACH STATEMENT EXECUTE FUNCTION basha_announce_change();--> statement-breakpoint
CREATE TRIGGER wishlist_items_announce_change AFTER INSERT OR UPDATE OR DELETE ON wishlist_items FOR EACH STATEMENT EXECUTE FUNCTION basha_announce_change();--> statement-breakpoint
CREATE TRIGGER reviews_announce_change AFTER INSERT OR UPDATE OR DELETE ON reviews FOR EACH STATEMENT EXECUTE FUNCTION basha_announce_change();
