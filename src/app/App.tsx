import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { Explorer } from './Explorer.tsx'
import { createQueryClient } from './query-client.ts'
import { UpdateNotice } from './UpdateNotice.tsx'

export function App() {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <Explorer />
      <UpdateNotice />
    </QueryClientProvider>
  )
}
