-- A participant's conversation reads say when they reported the thread (reportedByViewerAt),
-- read from conversation_reports: a report is announced like the thread itself (0025), so a
-- cached read of the thread is not kept past it.
CREATE TRIGGER conversation_reports_announce_change AFTER INSERT OR UPDATE OR DELETE ON conversation_reports FOR EACH STATEMENT EXECUTE FUNCTION basha_announce_change();
