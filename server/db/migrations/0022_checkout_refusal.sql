-- A statement that checks its own preconditions and must write nothing when one fails (checkout's
-- order, docs/decisions/024) calls this in its last SELECT: the error undoes the whole statement.
CREATE FUNCTION shop_refuse(reason text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = reason;
END $$;
