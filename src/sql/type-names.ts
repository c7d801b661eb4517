// PostgreSQL's type names (`pg_type.typname`) of the built-in types, by OID: CKAN 2.11 names each
// answer column by them (`int8`, `_text`, ...). OIDs of built-in types are fixed across versions;
// any other type (an enum, a domain) is looked up in `pg_type` by the caller.

export const BUILTIN_TYPE_NAMES: ReadonlyMap<number, string> = new Map([
  [16, 'bool'], [17, 'bytea'], [18, 'char'], [19, 'name'], [20, 'int8'], [21, 'int2'], [23, 'int4'],
  [24, 'regproc'], [25, 'text'], [26, 'oid'], [114, 'json'], [142, 'xml'], [700, 'float4'], [701, 'float8'],
  [705, 'unknown'], [790, 'money'], [869, 'inet'], [650, 'cidr'], [829, 'macaddr'], [1042, 'bpchar'],
  [1043, 'varchar'], [1082, 'date'], [1083, 'time'], [1114, 'timestamp'], [1184, 'timestamptz'],
  [1186, 'interval'], [1266, 'timetz'], [1560, 'bit'], [1562, 'varbit'], [1700, 'numeric'],
  [2249, 'record'], [2278, 'void'], [2950, 'uuid'], [3614, 'tsvector'], [3615, 'tsquery'],
  [3734, 'regconfig'], [3802, 'jsonb'], [4072, 'jsonpath'], [3904, 'int4range'], [3906, 'numrange'],
  [3908, 'tsrange'], [3910, 'tstzrange'], [3912, 'daterange'], [3926, 'int8range'],
  [1000, '_bool'], [1001, '_bytea'], [1002, '_char'], [1003, '_name'], [1005, '_int2'], [1007, '_int4'],
  [1009, '_text'], [1014, '_bpchar'], [1015, '_varchar'], [1016, '_int8'], [1021, '_float4'],
  [1022, '_float8'], [1028, '_oid'], [1115, '_timestamp'], [1182, '_date'], [1183, '_time'],
  [1185, '_timestamptz'], [1187, '_interval'], [1231, '_numeric'], [1270, '_timetz'], [199, '_json'],
  [2287, '_record'], [2951, '_uuid'], [3807, '_jsonb'], [3643, '_tsvector'], [3645, '_tsquery'],
])
