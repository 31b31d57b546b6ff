-- Decision 046: the rate-limit counters skip the write-ahead log. Every rate-limited request (each shop search,
-- each login) writes one row; logged, that write cost 2.2 ms on PGlite against 0.7 ms unlogged. A crash empties
-- an unlogged table, which only forgets the counts of the current window: acceptable for a limiter.
ALTER TABLE "rate_limit_hits" SET UNLOGGED;
