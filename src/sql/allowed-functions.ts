// The functions a statement may call: ones that only compute a value from their arguments (math,
// text, date and time, aggregates, window functions, JSON and array builders). Nothing that reads
// files, other tables or the catalog, sleeps, takes locks, changes settings, runs a string as SQL
// (`ts_rewrite`, `query_to_xml`, `xpath` over a query...), or reaches outside the database.
// Checked against every function call of PostgreSQL's own parse tree (parse-check.ts), by bare name
// (or `pg_catalog.` + name, which is what PostgreSQL writes for `extract`, `trim`, `substring` ...).

const MATH = `abs cbrt ceil ceiling degrees div exp factorial floor gcd lcm ln log log10 min_scale mod pi
  pow power radians round scale sign sqrt trim_scale trunc width_bucket
  acos acosd asin asind atan atan2 atan2d atand cos cosd cot cotd sin sind tan tand
  sinh cosh tanh asinh acosh atanh erf erfc`
const TEXT = `ascii bit_length btrim char_length character_length chr concat concat_ws format initcap
  left length lower lpad ltrim md5 normalize octet_length overlay position quote_ident quote_literal
  quote_nullable regexp_count regexp_instr regexp_like regexp_match regexp_matches regexp_replace
  regexp_split_to_array regexp_split_to_table regexp_substr repeat replace reverse right rpad rtrim
  split_part starts_with string_to_array string_to_table strpos substr substring to_hex translate
  trim unistr upper casefold encode decode sha224 sha256 sha384 sha512 to_ascii`
const FORMATTING = `to_char to_date to_number to_timestamp`
const DATE_TIME = `age date_add date_bin date_part date_subtract date_trunc extract isfinite
  justify_days justify_hours justify_interval make_date make_interval make_time make_timestamp
  make_timestamptz now current_date current_time current_timestamp localtime localtimestamp
  statement_timestamp transaction_timestamp timezone overlaps`
const AGGREGATES = `any_value array_agg avg bit_and bit_or bit_xor bool_and bool_or count every json_agg
  jsonb_agg json_object_agg jsonb_object_agg max min range_agg string_agg sum corr covar_pop
  covar_samp regr_avgx regr_avgy regr_count regr_intercept regr_r2 regr_slope regr_sxx regr_sxy
  regr_syy stddev stddev_pop stddev_samp variance var_pop var_samp mode percentile_cont
  percentile_disc grouping`
const WINDOW = `row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value
  nth_value`
const JSON_AND_ARRAYS = `to_json to_jsonb array_to_json row_to_json json_build_array jsonb_build_array
  json_build_object jsonb_build_object json_object jsonb_object json_array_length jsonb_array_length
  json_each jsonb_each json_each_text jsonb_each_text json_extract_path jsonb_extract_path
  json_extract_path_text jsonb_extract_path_text json_object_keys jsonb_object_keys
  json_array_elements jsonb_array_elements json_array_elements_text jsonb_array_elements_text
  json_typeof jsonb_typeof json_strip_nulls jsonb_strip_nulls jsonb_pretty jsonb_set jsonb_insert
  jsonb_path_exists jsonb_path_match jsonb_path_query jsonb_path_query_array jsonb_path_query_first
  array_append array_cat array_dims array_fill array_length array_lower array_ndims array_position
  array_positions array_prepend array_remove array_replace array_reverse array_sample array_shuffle
  array_sort array_to_string array_upper cardinality trim_array unnest generate_series
  generate_subscripts num_nonnulls num_nulls`
const TEXT_SEARCH = `to_tsvector to_tsquery plainto_tsquery phraseto_tsquery websearch_to_tsquery
  ts_rank ts_rank_cd ts_headline setweight strip tsvector_to_array array_to_tsvector numnode`
const RANGES = `lower upper isempty lower_inc upper_inc lower_inf upper_inf range_merge
  int4range int8range numrange daterange tsrange tstzrange`

/** Lowercase names of the functions a statement may call. */
export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set(
  [MATH, TEXT, FORMATTING, DATE_TIME, AGGREGATES, WINDOW, JSON_AND_ARRAYS, TEXT_SEARCH, RANGES].flatMap((group) => group.split(/\s+/).filter(Boolean)),
)
