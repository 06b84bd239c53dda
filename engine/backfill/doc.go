package backfill
