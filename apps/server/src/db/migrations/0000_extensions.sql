-- Trigram matching for the keyword searches over client names, insured names, policy numbers and product names.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
