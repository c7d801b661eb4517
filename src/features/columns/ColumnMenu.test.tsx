// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { COLUMN_MENU_ITEMS, ColumnMenu, columnMenuItems, type ColumnAction } from './ColumnMenu.tsx'

afterEach(cleanup)

describe('ColumnMenu', () => {
  it('offers every item unless the page says it cannot do it', () => {
    const all = COLUMN_MENU_ITEMS.map((item) => item.action)
    expect(all).toEqual(['sort-asc', 'sort-desc', 'pin', 'unpin', 'hide', 'filter', 'summary', 'copy'])
    expect(columnMenuItems({}).map((item) => item.action)).toEqual(all)
    expect(columnMenuItems({ hide: false, filter: true }).map((item) => item.action)).toEqual(all.filter((action) => action !== 'hide'))
  })

  it('lists the items it is given and reports the one picked', () => {
    const onAction = vi.fn<(action: ColumnAction) => void>()
    const items = COLUMN_MENU_ITEMS.filter((item) => item.action !== 'filter')
    render(<ColumnMenu field="stage" items={items} onAction={onAction} />)
    fireEvent.click(screen.getByRole('button', { name: 'Column menu stage' }))
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(items.map((item) => item.label))
    fireEvent.click(screen.getByRole('menuitem', { name: 'Hide column' }))
    expect(onAction).toHaveBeenCalledWith('hide')
    expect(screen.queryByRole('menu')).toBeNull()
  })
})
