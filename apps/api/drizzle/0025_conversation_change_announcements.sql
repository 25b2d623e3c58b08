-- A participant's conversation reads are cached per account (ADR 6): a change to a thread
-- (a message, a read mark, a report, a close) is announced like the other tables' (0006).
CREATE TRIGGER conversations_announce_change AFTER INSERT OR UPDATE OR DELETE ON conversations FOR EACH STATEMENT EXECUTE FUNCTION basha_announce_change();--> statement-breakpoint
CREATE TRIGGER messages_announce_change AFTER INSERT OR UPDATE OR DELETE ON messages FOR EACH STATEMENT EXECUTE FUNCTION basha_announce_change();
