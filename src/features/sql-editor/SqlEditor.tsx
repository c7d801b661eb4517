// The SQL editor: CodeMirror 6 with PostgreSQL's dialect, completion of the current resource's table
// and fields (quoted as needed), Ctrl/Cmd+Enter to run, and the error's spot marked. Its own lazy
// chunk: nothing of CodeMirror loads before the SQL mode is chosen.
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap, type Completion } from '@codemirror/autocomplete'
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands'
import { PostgreSQL, sql } from '@codemirror/lang-sql'
import { bracketMatching, HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { Compartment, EditorState, Prec, RangeSet } from '@codemirror/state'
import { Decoration, EditorView, keymap, placeholder } from '@codemirror/view'
import { tags } from '@lezer/highlight'
import { useEffect, useRef } from 'react'
import { quoteIdent } from '../../query/sql-text.ts'

export interface SqlEditorProps {
  value: string
  onChange: (value: string) => void
  onRun: () => void
  /** The resource's table (its id) and fields, offered as completions. */
  schema: { table: string; fields: readonly string[] } | undefined
  /** The id of the message beside the editor, and whether it is an error. */
  describedBy?: string
  invalid: boolean
  /** Where the error points (0-based offset), marked in the text. */
  errorOffset?: number
}

const errorMark = Decoration.mark({ class: 'sql-error-spot' })

/** Colours from the page's own variables (sql-editor.css), so light and dark schemes both read well. */
const highlight = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--sql-keyword)', fontWeight: '600' },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--sql-string)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--sql-number)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--text-muted)', fontStyle: 'italic' },
  { tag: [tags.special(tags.name), tags.typeName], color: 'var(--sql-name)' },
  { tag: [tags.operator, tags.punctuation, tags.bracket], color: 'var(--text-muted)' },
])

function languageFor(schema: SqlEditorProps['schema']) {
  if (!schema) return sql({ dialect: PostgreSQL, upperCaseKeywords: true })
  const fields: Completion[] = schema.fields.map((name) => ({ label: name, apply: quoteIdent(name), type: 'property' }))
  return sql({ dialect: PostgreSQL, upperCaseKeywords: true, schema: { [schema.table]: fields }, defaultTable: schema.table })
}

function attributesFor(props: Pick<SqlEditorProps, 'describedBy' | 'invalid'>) {
  return EditorView.contentAttributes.of({
    'aria-label': 'SQL',
    'aria-multiline': 'true',
    ...(props.invalid ? { 'aria-invalid': 'true' } : {}),
    ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}),
  })
}

function marksFor(text: string, offset: number | undefined) {
  if (offset === undefined || offset > text.length) return EditorView.decorations.of(RangeSet.empty)
  const from = Math.min(offset, Math.max(0, text.length - 1))
  const to = Math.min(text.length, from + 1)
  return EditorView.decorations.of(from < to ? Decoration.set([errorMark.range(from, to)]) : RangeSet.empty)
}

export function SqlEditor(props: SqlEditorProps) {
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | undefined>(undefined)
  const latest = useRef(props)
  useEffect(() => {
    latest.current = props
  })
  const compartments = useRef({ language: new Compartment(), attributes: new Compartment(), marks: new Compartment() })

  useEffect(() => {
    const { language, attributes, marks } = compartments.current
    const initial = latest.current
    const editor = new EditorView({
      parent: host.current ?? undefined,
      state: EditorState.create({
        doc: initial.value,
        extensions: [
          Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => (latest.current.onRun(), true) }])),
          history(),
          closeBrackets(),
          bracketMatching(),
          autocompletion(),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, indentWithTab]),
          syntaxHighlighting(highlight),
          EditorView.lineWrapping,
          placeholder('SELECT * FROM "<resource id>" LIMIT 10'),
          language.of(languageFor(initial.schema)),
          attributes.of(attributesFor(initial)),
          marks.of(marksFor(initial.value, initial.errorOffset)),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString())
          }),
        ],
      }),
    })
    view.current = editor
    return () => {
      editor.destroy()
      view.current = undefined
    }
  }, [])

  // A value set from outside (an example, a recent query, history) replaces the text.
  useEffect(() => {
    const editor = view.current
    if (editor && editor.state.doc.toString() !== props.value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: props.value } })
    }
  }, [props.value])

  useEffect(() => {
    view.current?.dispatch({ effects: compartments.current.language.reconfigure(languageFor(props.schema)) })
  }, [props.schema])

  useEffect(() => {
    view.current?.dispatch({ effects: compartments.current.attributes.reconfigure(attributesFor({ describedBy: props.describedBy, invalid: props.invalid })) })
  }, [props.describedBy, props.invalid])

  useEffect(() => {
    const editor = view.current
    if (editor) editor.dispatch({ effects: compartments.current.marks.reconfigure(marksFor(editor.state.doc.toString(), props.errorOffset)) })
  }, [props.errorOffset])

  return <div ref={host} className="sql-editor" />
}
