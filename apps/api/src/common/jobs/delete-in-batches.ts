/**
 * Runs `deleteBatch` (which deletes at most `batchSize` rows and says how many) until a batch
 * comes short: a retention job's short transactions, however many rows are due. The number deleted.
 */
export async function deleteInBatches(deleteBatch: (batchSize: number) => Promise<number>, batchSize: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(batchSize);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
