-- Followers of a seller are told of a new listing by the saved-search processor (savedSearches.listed), so one
-- listing makes one entry per person. The processor that told them before has no handler any more: its jobs queued
-- before the upgrade would wait for ever and read as a backlog on the queue's metrics. Marked dead they would raise
-- the dead-jobs alert for a month over work that no longer exists, so they go.
DELETE FROM "jobs" WHERE "name" = 'event:notifications.newListing' AND "state" IN ('ready', 'running');
