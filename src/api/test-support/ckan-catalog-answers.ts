// `package_search` answers in the shapes CKAN 2.9, 2.10, 2.11 and 2.12 portals give them (written
// from each release's package dictization and the DataStore plugin's resource hooks, trimmed to a few
// datasets; not captured from live portals). What varies between releases and portals is what the
// reader must survive:
// - 2.9: some resources carry no `datastore_active` at all (the DataStore plugin adds `false` to
//   resources it shows, but datasets indexed before it was enabled, or harvested, lack the key);
//   formats as publishers typed them (`csv`, `.XLSX`, empty with the format only in the url).
// - 2.10: `datastore_active: false` written out; a DataStore-only resource (`url_type: "datastore"`,
//   made by datastore_create) whose url is the plugin's dump address; `organization` a full dict.
// - 2.11: `notes` null, `organization` null (a dataset outside any organization), Markdown in notes.
// - 2.12: a trimmed dataset from an extension's `after_dataset_search` (no `num_resources`); a private
//   dataset (asked with include_private); an organization without a title; a resource named only by its url.

export const CKAN_2_9 = {
  help: 'https://demo.ckan.org/api/3/action/help_show?name=package_search',
  success: true,
  result: {
    count: 2,
    sort: 'score desc, metadata_modified desc',
    facets: {},
    search_facets: {},
    results: [
      {
        author: null, author_email: null, creator_user_id: 'c5b2a1d0-0000-4000-8000-000000000001',
        id: 'a1a1a1a1-0000-4000-8000-000000000029', isopen: true, license_id: 'cc-by', license_title: 'Creative Commons Attribution',
        maintainer: null, maintainer_email: null, metadata_created: '2020-03-02T10:00:00.000000', metadata_modified: '2021-06-01T12:00:00.000000',
        name: 'air-quality-monitoring', notes: 'Hourly readings from the city\'s monitoring stations.\n\nCollected since 2015.', num_resources: 3, num_tags: 1,
        organization: { id: 'o1', name: 'city-environment', title: 'City Environment Office', type: 'organization', description: '', image_url: '', created: '2019-01-01T00:00:00.000000', is_organization: true, approval_status: 'approved', state: 'active' },
        owner_org: 'o1', private: false, state: 'active', title: 'Air quality monitoring', type: 'dataset', url: '', version: null,
        extras: [], tags: [{ display_name: 'air', id: 't1', name: 'air', state: 'active', vocabulary_id: null }], groups: [], relationships_as_subject: [], relationships_as_object: [],
        resources: [
          { cache_last_updated: null, cache_url: null, created: '2020-03-02T10:01:00.000000', datastore_active: true, description: 'One row per station and hour', format: 'csv', hash: '', id: 'r1000000-0000-4000-8000-000000000001', last_modified: null, metadata_modified: '2021-06-01T12:00:00.000000', mimetype: 'text/csv', mimetype_inner: null, name: 'Readings 2020', package_id: 'a1a1a1a1-0000-4000-8000-000000000029', position: 0, resource_type: null, size: 1024, state: 'active', url: 'https://demo.ckan.org/dataset/x/resource/r1/download/readings-2020.csv', url_type: 'upload' },
          { cache_last_updated: null, cache_url: null, created: '2020-03-02T10:02:00.000000', description: '', format: '', hash: '', id: 'r1000000-0000-4000-8000-000000000002', last_modified: null, metadata_modified: null, mimetype: null, mimetype_inner: null, name: 'Station map', package_id: 'a1a1a1a1-0000-4000-8000-000000000029', position: 1, resource_type: null, size: null, state: 'active', url: 'https://example.org/stations.geojson?v=2', url_type: null },
          { cache_last_updated: null, cache_url: null, created: '2020-03-02T10:03:00.000000', description: '', format: '.XLSX', hash: '', id: 'r1000000-0000-4000-8000-000000000003', last_modified: null, metadata_modified: null, mimetype: null, mimetype_inner: null, name: 'Readings 2015-2019', package_id: 'a1a1a1a1-0000-4000-8000-000000000029', position: 2, resource_type: null, size: null, state: 'active', url: 'https://example.org/old.xlsx', url_type: null },
        ],
      },
      { id: 'a1a1a1a1-0000-4000-8000-000000000030', name: 'empty-dataset', title: '', notes: '', num_resources: 0, organization: null, private: false, resources: [] },
    ],
  },
}

export const CKAN_2_10 = {
  help: 'https://ckan210.example/api/3/action/help_show?name=package_search',
  success: true,
  result: {
    count: 1,
    sort: 'score desc, metadata_modified desc',
    facets: {},
    search_facets: {},
    results: [
      {
        id: 'b2b2b2b2-0000-4000-8000-000000000210', name: 'bus-stops', title: 'Bus stops', notes: 'Every stop with its <b>lines</b>.', num_resources: 2, num_tags: 0, private: false, state: 'active', type: 'dataset', license_id: 'odc-odbl', license_title: 'Open Data Commons Open Database License (ODbL)',
        metadata_created: '2023-02-01T08:00:00.000000', metadata_modified: '2023-02-02T08:00:00.000000',
        organization: { id: 'o2', name: 'transit', title: 'Transit Authority', type: 'organization', description: 'Buses and trams', image_url: '', created: '2022-01-01T00:00:00.000000', is_organization: true, approval_status: 'approved', state: 'active' },
        owner_org: 'o2', tags: [], groups: [], extras: [], relationships_as_subject: [], relationships_as_object: [], url: '', version: '',
        resources: [
          { id: 'r2100000-0000-4000-8000-000000000001', name: 'Stops', description: '', format: 'CSV', url: 'https://ckan210.example/datastore/dump/r2100000-0000-4000-8000-000000000001', url_type: 'datastore', datastore_active: true, package_id: 'b2b2b2b2-0000-4000-8000-000000000210', position: 0, state: 'active', created: '2023-02-01T08:00:00.000000', last_modified: null, metadata_modified: '2023-02-01T08:00:00.000000', mimetype: null, size: null, hash: '', cache_url: null, cache_last_updated: null, mimetype_inner: null, resource_type: null },
          { id: 'r2100000-0000-4000-8000-000000000002', name: 'Timetable (PDF)', description: '', format: 'PDF', url: 'https://ckan210.example/timetable.pdf', url_type: null, datastore_active: false, package_id: 'b2b2b2b2-0000-4000-8000-000000000210', position: 1, state: 'active', created: '2023-02-01T08:00:00.000000', last_modified: null, metadata_modified: null, mimetype: 'application/pdf', size: 52000, hash: '', cache_url: null, cache_last_updated: null, mimetype_inner: null, resource_type: null },
        ],
      },
    ],
  },
}

export const CKAN_2_11 = {
  help: 'https://ckan211.example/api/3/action/help_show?name=package_search',
  success: true,
  result: {
    count: 1,
    sort: 'score desc, metadata_modified desc',
    facets: {},
    search_facets: {},
    results: [
      {
        id: 'c3c3c3c3-0000-4000-8000-000000000211', name: 'tree-inventory', title: 'Tree inventory', notes: null, num_resources: 1, num_tags: 0, private: false, state: 'active', type: 'dataset',
        license_id: 'notspecified', license_title: 'License not specified', metadata_created: '2024-09-01T08:00:00.000000', metadata_modified: '2024-09-02T08:00:00.000000',
        organization: null, owner_org: null, tags: [], groups: [], extras: [], relationships_as_subject: [], relationships_as_object: [], url: '', version: '',
        resources: [
          { id: 'r2110000-0000-4000-8000-000000000001', name: 'Trees', description: '## Columns\n\nspecies, height', format: 'CSV', url: 'https://ckan211.example/trees.csv', url_type: 'upload', datastore_active: true, package_id: 'c3c3c3c3-0000-4000-8000-000000000211', position: 0, state: 'active', created: '2024-09-01T08:00:00.000000', last_modified: '2024-09-01T08:00:00.000000', metadata_modified: '2024-09-01T08:00:00.000000', mimetype: 'text/csv', size: 9000, hash: '', cache_url: null, cache_last_updated: null, mimetype_inner: null, resource_type: null },
        ],
      },
    ],
  },
}

export const CKAN_2_12 = {
  help: 'https://ckan212.example/api/3/action/help_show?name=package_search',
  success: true,
  result: {
    count: 41,
    sort: 'score desc, metadata_modified desc',
    facets: {},
    search_facets: {},
    results: [
      {
        id: 'd4d4d4d4-0000-4000-8000-000000000212', name: 'staff-salaries', title: 'Staff salaries', notes: '**Confidential** figures\nfor the finance team', private: true, state: 'active', type: 'dataset',
        organization: { id: 'o3', name: 'finance', title: '', type: 'organization', is_organization: true, state: 'active' },
        resources: [
          { id: 'r2120000-0000-4000-8000-000000000001', name: '', description: '', format: '', url: 'https://ckan212.example/dataset/s/resource/r/download/salaries-2025.csv', datastore_active: true, package_id: 'd4d4d4d4-0000-4000-8000-000000000212', position: 0, state: 'active' },
        ],
      },
    ],
  },
}
