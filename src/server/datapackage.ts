// A Frictionless data package (`datapackage.json`) as a resource source: the package names a CSV
// file (`path`, relative to the package) and its table schema gives the column types; field `title`
// and `description` become CKAN's data dictionary (`fields[].info.label` / `.notes`), the resource's
// title and description what `resource_show` says. Pure: the caller reads the files.
//
// Decisions: the package's one resource is used, or, when it has several, the one whose `name` is
// the resource id; only local CSV data (`path` a relative file name, no `..`, no URL, no inline
// `data`); the CSV header must name the schema's fields (any order); `missingValues` (default [""])
// become null, `trueValues`/`falseValues` (Frictionless defaults) the booleans.

import { coerceRow, type DatasetInfo, type FieldDictionaryEntry, type FieldInfo, type FieldType, type OtherResource, type Table } from '../engine/index.ts'
import { CsvRowReader, CsvSyntaxError, type CsvRow } from '../demo/csv-rows.ts'
import { tableSink, type RecordSink, type SinkFactory } from '../demo/load-file.ts'
import { readText, type TextSource } from '../demo/text-chunks.ts'

/** A data package that cannot be used; the message names the file and says what is wrong. */
export class DataPackageError extends Error {}

export interface DataPackageResource {
  /** The data file's path as written in the package (relative to the package's folder). */
  path: string
  fields: FieldInfo[]
  dictionary: Record<string, FieldDictionaryEntry>
  title?: string
  description?: string
  format: string
  packageId?: string
  /** The package as a dataset (`package_search`), without the resources; absent when the package has no id or name. */
  dataset?: Omit<DatasetInfo, 'otherResources' | 'modified'>
  /** Its place among the package's resources. */
  index: number
  /** Every resource of the package, this one included, as `package_show` would list it unserved. */
  packageResources: OtherResource[]
  missingValues: string[]
  trueValues: string[]
  falseValues: string[]
}

const TYPES: Readonly<Record<string, FieldType>> = {
  string: 'text',
  integer: 'int8',
  number: 'numeric',
  boolean: 'bool',
  date: 'date',
  datetime: 'timestamp',
  year: 'int4',
  object: 'json',
  array: 'json',
  geojson: 'json',
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

function stringList(value: unknown, fallback: string[]): string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : fallback
}

/** Reads the package's JSON text; `file` names it in messages; `id` picks a resource by name. */
export function parseDataPackage(json: string, file: string, id: string): DataPackageResource {
  const fail = (detail: string): never => {
    throw new DataPackageError(`${file}: ${detail}`)
  }
  let descriptor: unknown
  try {
    descriptor = JSON.parse(json)
  } catch (error) {
    return fail(`not valid JSON (${error instanceof Error ? error.message : String(error)})`)
  }
  if (!isObject(descriptor) || !Array.isArray(descriptor.resources) || descriptor.resources.length === 0) {
    return fail('not a data package: expected an object with a non-empty "resources" list')
  }
  const resources = descriptor.resources.filter(isObject)
  const resource = resources.length === 1 ? resources[0] : resources.find((candidate) => candidate.name === id)
  if (!resource) {
    const names = resources.map((candidate) => (typeof candidate.name === 'string' ? candidate.name : '(unnamed)'))
    return fail(`it has ${resources.length} resources (${names.join(', ')}); name one of them as the resource id`)
  }
  const label = typeof resource.name === 'string' ? `resource "${resource.name}"` : 'the resource'
  if (resource.data !== undefined && resource.path === undefined) fail(`${label} has inline "data"; only a CSV file in "path" is supported`)
  const path = resource.path
  if (typeof path !== 'string' || path === '') return fail(`${label} has no "path" naming its CSV file`)
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) fail(`${label}: "path" ${path} is a URL; download the file and name it relative to the package`)
  if (path.startsWith('/') || path.split(/[\\/]/).includes('..')) fail(`${label}: "path" ${path} must be relative to the package, without ".."`)
  const format = typeof resource.format === 'string' ? resource.format.toLowerCase() : path.toLowerCase().endsWith('.csv') ? 'csv' : ''
  if (format !== 'csv') fail(`${label}: only CSV data is supported ("path" ${path}, format ${JSON.stringify(resource.format ?? null)})`)

  const schema = resource.schema
  if (typeof schema === 'string') fail(`${label}: "schema" ${schema} is a reference; put the table schema inline`)
  if (!isObject(schema) || !Array.isArray(schema.fields) || schema.fields.length === 0) fail(`${label} has no "schema" with "fields"`)
  const schemaObject = schema as Record<string, unknown>
  const fields: FieldInfo[] = []
  const dictionary: Record<string, FieldDictionaryEntry> = {}
  for (const [index, field] of (schemaObject.fields as unknown[]).entries()) {
    if (!isObject(field) || typeof field.name !== 'string' || field.name === '') fail(`${label}: schema field ${index + 1} has no "name"`)
    const { name, type, title, description } = field as Record<string, unknown> & { name: string }
    if (name === '_id') continue
    if (fields.some((known) => known.id === name)) fail(`${label}: schema field "${name}" appears twice`)
    fields.push({ id: name, type: TYPES[typeof type === 'string' ? type : 'string'] ?? 'text' })
    const entry: FieldDictionaryEntry = {}
    if (text(title)) entry.label = title as string
    if (text(description)) entry.notes = description as string
    if (entry.label !== undefined || entry.notes !== undefined) Object.defineProperty(dictionary, name, { value: entry, enumerable: true, writable: true, configurable: true })
  }
  const result: DataPackageResource = {
    path,
    fields,
    dictionary,
    format: 'CSV',
    index: resources.indexOf(resource),
    packageResources: resources.map(otherResourceOf),
    missingValues: stringList(schemaObject.missingValues, ['']),
    trueValues: ['true', 'True', 'TRUE', '1'],
    falseValues: ['false', 'False', 'FALSE', '0'],
  }
  // the resource's own title: the package's names the dataset (a package of one resource lends it its title)
  const title = text(resource.title) ?? (resources.length === 1 ? text(descriptor.title) : undefined) ?? text(resource.name)
  if (title !== undefined) result.title = title
  const description = text(resource.description) ?? text(descriptor.description)
  if (description !== undefined) result.description = description
  const packageId = text(descriptor.id) ?? text(descriptor.name)
  if (packageId !== undefined) {
    result.packageId = packageId
    result.dataset = datasetOf(descriptor, packageId)
    // a package of one resource lends it its title; it borrows the resource's description likewise
    if (result.dataset.notes === undefined && resources.length === 1 && description !== undefined) result.dataset.notes = description
  }
  for (const field of schemaObject.fields as Record<string, unknown>[]) {
    const trueValues = field.trueValues
    const falseValues = field.falseValues
    if (field.type === 'boolean' && (trueValues !== undefined || falseValues !== undefined)) {
      result.trueValues = stringList(trueValues, result.trueValues)
      result.falseValues = stringList(falseValues, result.falseValues)
    }
  }
  return result
}

/** The package's own description as CKAN's dataset: name, title, notes, license and publisher. */
function datasetOf(descriptor: Record<string, unknown>, id: string): Omit<DatasetInfo, 'otherResources' | 'modified'> {
  const dataset: Omit<DatasetInfo, 'otherResources' | 'modified'> = { id, name: text(descriptor.name) ?? id }
  const title = text(descriptor.title)
  if (title !== undefined) dataset.title = title
  const notes = text(descriptor.description)
  if (notes !== undefined) dataset.notes = notes
  const license = Array.isArray(descriptor.licenses) ? descriptor.licenses.find(isObject) : undefined
  if (license) {
    dataset.license = {}
    if (text(license.name) !== undefined) dataset.license.id = license.name as string
    if (text(license.title) !== undefined) dataset.license.title = license.title as string
    if (typeof license.path === 'string' && /^https?:\/\//i.test(license.path)) dataset.license.url = license.path
  }
  // Frictionless v1 names a contributor's `role`, v2 its `roles`
  const contributors = Array.isArray(descriptor.contributors) ? descriptor.contributors.filter(isObject) : []
  const publisher = contributors.find((person) => person.role === 'publisher' || (Array.isArray(person.roles) && person.roles.includes('publisher')))
  const publisherTitle = publisher ? text(publisher.title) : undefined
  if (publisherTitle !== undefined) dataset.organization = { name: slug(publisherTitle), title: publisherTitle }
  return dataset
}

function slug(title: string): string {
  return title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'publisher'
}

/** A package resource as listed when not served: its name, format, and its address only when it is a web address. */
function otherResourceOf(resource: Record<string, unknown>): OtherResource {
  const path = typeof resource.path === 'string' ? resource.path : undefined
  const other: OtherResource = { name: text(resource.title) ?? text(resource.name) ?? path?.split(/[\\/]/).at(-1) ?? 'resource' }
  if (text(resource.description) !== undefined) other.description = resource.description as string
  const format = text(resource.format) ?? /\.([a-z0-9]+)$/i.exec(path ?? '')?.[1]
  if (format !== undefined) other.format = format.toUpperCase()
  if (path !== undefined && /^https?:\/\//i.test(path)) other.url = path
  return other
}

/** Loads the package resource's CSV text (`file` names it in messages) with the schema's types. */
export async function loadDataPackageTable(resource: DataPackageResource, source: TextSource, file: string): Promise<Table> {
  return loadDataPackageRecords(resource, source, file, (fields) => tableSink(fields))
}

/** The same, into any sink (the PostgreSQL import streams into COPY); `drain` is awaited per piece of text. */
export async function loadDataPackageRecords<T>(resource: DataPackageResource, source: TextSource, file: string, openSink: SinkFactory<T>): Promise<T> {
  const reader = new CsvRowReader()
  const missing = new Set(resource.missingValues)
  const truths = new Set(resource.trueValues)
  const falsehoods = new Set(resource.falseValues)
  let columns: (FieldInfo | undefined)[] | undefined
  // the CSV column of each schema field, found once from the header
  let positions: number[] = []
  let builder: RecordSink<T> | undefined
  const accept = (rows: CsvRow[]): void => {
    for (const row of rows) {
      if (row.cells.length === 1 && row.cells[0] === '') continue
      if (columns === undefined) {
        columns = headerColumns(resource, row, file)
        positions = resource.fields.map((field) => columns!.indexOf(field))
        builder = openSink(resource.fields)
        continue
      }
      if (row.cells.length > columns.length) throw new DataPackageError(`${file}: line ${row.line}: ${row.cells.length} values for ${columns.length} header names`)
      const ordered = resource.fields.map((field, index) => {
        const raw = row.cells[positions[index] as number]
        if (raw === undefined || missing.has(raw)) return undefined
        if (field.type === 'bool') return truths.has(raw) ? 'true' : falsehoods.has(raw) ? 'false' : raw
        if (field.type === 'timestamp') return raw.replace(/Z$/, '')
        return raw
      })
      try {
        const record = coerceRow(resource.fields, ordered.map((raw) => raw ?? ''))
        resource.fields.forEach((field, index) => {
          if (ordered[index] === undefined) record[field.id] = null
        })
        builder!.append(record)
      } catch (error) {
        throw new DataPackageError(`${file}: line ${row.line}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }
  try {
    for await (const chunk of readText(source)) {
      accept(reader.push(chunk))
      await builder?.drain?.()
    }
    accept(reader.end())
  } catch (error) {
    if (error instanceof DataPackageError) throw error
    if (error instanceof CsvSyntaxError) throw new DataPackageError(`${file}: line ${error.line}: ${error.message}`)
    throw new DataPackageError(`${file}: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (builder === undefined) throw new DataPackageError(`${file}: the file is empty: a CSV file needs a header row`)
  return builder.finish()
}

/** The schema field of each CSV column (undefined for `_id`); every schema field must have a column. */
function headerColumns(resource: DataPackageResource, row: CsvRow, file: string): (FieldInfo | undefined)[] {
  const byName = new Map(resource.fields.map((field) => [field.id, field]))
  const columns = row.cells.map((cell) => {
    const name = cell.trim()
    if (name === '_id') return undefined
    const field = byName.get(name)
    if (!field) throw new DataPackageError(`${file}: line ${row.line}: column "${name}" is not in the package's schema (${[...byName.keys()].join(', ')})`)
    return field
  })
  const named = columns.filter((column) => column !== undefined)
  const twice = named.find((column, index) => named.indexOf(column) !== index)
  if (twice) throw new DataPackageError(`${file}: line ${row.line}: column "${twice.id}" appears twice`)
  const absent = resource.fields.filter((field) => !columns.includes(field))
  if (absent.length > 0) throw new DataPackageError(`${file}: line ${row.line}: no column for schema field ${absent.map((field) => `"${field.id}"`).join(', ')}`)
  return columns
}
