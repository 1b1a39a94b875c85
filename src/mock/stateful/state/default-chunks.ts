// The small seed set every application starts with when the caller passes no fixture: two
// sources, two record titles each, so the spec's own filter example (two `or` groups under an
// `and`) selects a real subset.
const chunk = (n: number, sourceName: string, recordTitle: string, chunkText: string, pageNumber: number) => {
  const id = `chk-00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
  return {
    _id: id,
    chunkId: id,
    chunkTitle: recordTitle,
    chunkText,
    chunkContent: `${recordTitle}: ${chunkText}`,
    chunkType: "dataset",
    chunkMeta: {},
    sourceType: "file",
    sourceName,
    sourceUrl: `https://files.platform.invalid/${sourceName}`,
    sourceId: `fs-00000000-0000-4000-8000-${sourceName === "handbook.pdf" ? "000000000001" : "000000000002"}`,
    extractionMethod: "text",
    extractionStrategy: "default",
    fileType: "pdf",
    pageNumber,
    recordTitle,
    recordUrl: `https://files.platform.invalid/${sourceName}#page=${pageNumber}`,
    docId: `fc-00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    searchIndexId: "sidx-00000000-0000-4000-8000-000000000001",
    createdOn: `2025-03-10T07:${String(30 + n).padStart(2, "0")}:00.000Z`,
  };
};

export const DEFAULT_CHUNKS = [
  chunk(1, "handbook.pdf", "Travel policy", "Economy class is booked for flights under six hours.", 12),
  chunk(2, "handbook.pdf", "Travel policy", "Rail is preferred for trips under four hours.", 13),
  chunk(3, "handbook.pdf", "Expense policy", "Meals are reimbursed up to the daily allowance.", 20),
  chunk(4, "faq.pdf", "Expense policy", "Receipts are kept for seven years.", 3),
  chunk(5, "faq.pdf", "Travel policy", "Hotel bookings go through the travel desk.", 4),
  chunk(6, "faq.pdf", "Security", "Laptops are locked when unattended.", 9),
];
