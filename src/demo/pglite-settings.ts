// PostgreSQL's settings for the demo's PGlite, on top of PGlite's own start parameters. The data
// directory's postgresql.conf is initdb's, made for a server: 128 MB of shared buffers, which PostgreSQL
// zeroes at start (each page the first time it is touched costs the browser a page fault), and room
// for 100 connections where a single-user PGlite has one.
export const DEMO_START_PARAMS: readonly string[] = ['-c', 'shared_buffers=16MB', '-c', 'max_connections=4', '-c', 'max_wal_senders=0']
