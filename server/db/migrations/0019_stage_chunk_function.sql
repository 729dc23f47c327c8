-- Hand-written: staging one chunk of an upload is one statement (decision 054). A 9 MB page is ~180
-- chunks sent in turn; as a transaction of five statements (BEGIN, lock, state, insert, COMMIT) its
-- upload took 1.48 s on the embedded database, as one statement 0.80 s.
--
-- Under a lock of the user's staging (so that user's chunks go one at a time and parallel requests
-- cannot together pass the limits), chunk 0 first removes what an earlier, unfinished upload of the
-- same target left; then the user's staging is checked against the limits, and the chunk is stored
-- (a retry of the same index replaces it). Answers how many chunks of this upload are staged now.
-- A refusal raises SQLSTATE 'UPLD0' with the reason as the message and the figures as JSON in the
-- detail; as the statement fails, nothing of it stays (chunk 0's removal included).
CREATE FUNCTION "stage_upload_chunk"(
  p_user_id integer,
  p_target text,
  p_chunk_index integer,
  p_total_chunks integer,
  p_chunk text,
  p_max_upload_bytes bigint,
  p_max_user_bytes bigint,
  p_max_uploads integer
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_bytes bigint := octet_length(p_chunk);
  v_received integer;
  v_upload_bytes bigint;
  v_other_totals boolean;
  v_uploads integer;
  v_user_bytes bigint;
  v_inserted boolean;
BEGIN
  -- The two-key advisory lock's first key is "upld"; the second the user.
  PERFORM pg_advisory_xact_lock(1970302052, p_user_id);
  IF p_chunk_index = 0 THEN
    DELETE FROM upload_chunks WHERE user_id = p_user_id AND target = p_target;
  END IF;
  -- The bytes leave out an earlier copy of this chunk: a retry replaces it.
  SELECT
    count(*) FILTER (WHERE target = p_target),
    coalesce(sum(octet_length(chunk)) FILTER (WHERE target = p_target AND chunk_index <> p_chunk_index), 0),
    coalesce(bool_or(total_chunks <> p_total_chunks) FILTER (WHERE target = p_target), false),
    count(DISTINCT target),
    coalesce(sum(octet_length(chunk)) FILTER (WHERE NOT (target = p_target AND chunk_index = p_chunk_index)), 0)
  INTO v_received, v_upload_bytes, v_other_totals, v_uploads, v_user_bytes
  FROM upload_chunks WHERE user_id = p_user_id;

  IF v_other_totals THEN
    RAISE EXCEPTION 'totals' USING ERRCODE = 'UPLD0';
  END IF;
  IF v_upload_bytes + v_bytes > p_max_upload_bytes THEN
    RAISE EXCEPTION 'upload_bytes' USING ERRCODE = 'UPLD0',
      DETAIL = json_build_object('bytes', v_upload_bytes + v_bytes)::text;
  END IF;
  IF v_received = 0 AND v_uploads >= p_max_uploads THEN
    RAISE EXCEPTION 'uploads' USING ERRCODE = 'UPLD0', DETAIL = json_build_object('uploads', v_uploads)::text;
  END IF;
  IF v_user_bytes + v_bytes > p_max_user_bytes THEN
    RAISE EXCEPTION 'user_bytes' USING ERRCODE = 'UPLD0', DETAIL = json_build_object('bytes', v_user_bytes)::text;
  END IF;

  INSERT INTO upload_chunks (user_id, target, chunk_index, total_chunks, chunk)
  VALUES (p_user_id, p_target, p_chunk_index, p_total_chunks, p_chunk)
  ON CONFLICT (user_id, target, chunk_index)
    DO UPDATE SET chunk = EXCLUDED.chunk, total_chunks = EXCLUDED.total_chunks, created_at = now()
  -- xmax is 0 for a row this statement inserted, and set when it updated one
  RETURNING (xmax = 0) INTO v_inserted;
  RETURN v_received + CASE WHEN v_inserted THEN 1 ELSE 0 END;
END
$$;
