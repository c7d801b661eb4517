// The "courses" demo resource: small, deterministic, with the seed's `subject` and `stage` fields.
import { TableBuilder, type FieldInfo, type Table } from '../engine/index.ts'
import { createRandom, randomInt } from './prng.ts'

export const COURSE_FIELDS: readonly FieldInfo[] = [
  { id: 'code', type: 'text' },
  { id: 'subject', type: 'text' },
  { id: 'stage', type: 'text' },
  { id: 'title', type: 'text' },
  { id: 'campus', type: 'text' },
  { id: 'credits', type: 'int4' },
  { id: 'enrolled', type: 'int4' },
  { id: 'fee', type: 'numeric' },
  { id: 'start_date', type: 'date' },
]

const SUBJECTS = ['Biology', 'Chemistry', 'Mathematics', 'Physics', 'History', 'Literature', 'Économie', 'Computer Science']
const STAGES = ['active', 'active', 'active', 'closed', 'draft', 'pending', 'archived']
const CAMPUSES = ['Zürich', 'São Paulo', 'Kraków', 'Montréal', '東京', 'Reykjavík', 'Nairobi', 'القاهرة']
const LEVELS = ['Introduction to', 'Foundations of', 'Advanced', 'Topics in', 'Seminar in', 'Applied']

export const COURSE_COUNT = 120

export function buildCoursesTable(): Table {
  const random = createRandom(101)
  const builder = new TableBuilder([...COURSE_FIELDS])
  for (let i = 0; i < COURSE_COUNT; i++) {
    const subject = SUBJECTS[i % SUBJECTS.length]
    const level = LEVELS[randomInt(random, 0, LEVELS.length - 1)]
    const month = String(randomInt(random, 1, 12)).padStart(2, '0')
    builder.append({
      code: `${subject.slice(0, 3).toUpperCase()}-${100 + i}`,
      subject,
      stage: STAGES[randomInt(random, 0, STAGES.length - 1)],
      title: `${level} ${subject}`,
      campus: CAMPUSES[randomInt(random, 0, CAMPUSES.length - 1)],
      credits: randomInt(random, 1, 6) * 5,
      enrolled: randomInt(random, 0, 250),
      fee: randomInt(random, 0, 300_000) / 100,
      start_date: `${2024 + (i % 3)}-${month}-01`,
    })
  }
  return builder.build()
}
