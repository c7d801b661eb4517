import { visibleText } from './visible-text.ts'

/**
 * A piece of text from a server or a link, isolated from the text around it (`<bdi>`: its direction
 * cannot reorder its neighbours) and with its control characters shown (`visibleText`).
 */
export function Isolated({ text, className, keepLines }: { text: string; className?: string; keepLines?: boolean }) {
  return <bdi className={className}>{visibleText(text, { keepLines })}</bdi>
}
