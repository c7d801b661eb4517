import type { ExportFormat } from './formats.ts'

/** `<title or resource id>-YYYY-MM-DD.<ext>`: readable, safe on every file system. */
export function exportFileName(resource: string, format: ExportFormat, date: Date): string {
  const base =
    resource
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 80) || 'export'
  const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
  return `${base}-${day}.${format}`
}
