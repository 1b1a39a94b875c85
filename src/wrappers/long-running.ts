// The code of the client's long-running work (waiting for jobs, chunked uploads, deletes in
// batches), loaded together the first time any of it runs (./internal/load-long-running.ts).
// One lazy chunk rather than three: a program that waits usually uploads too, and each chunk a
// browser loads up front with the entry costs a compression of its own (scripts/lib/size-budget.mjs).
export { waitForJob, waitOptionsFrom } from "./jobs/waiter.js";
export { importModel, resumeImport, uploadFile, uploadToolFiles, uploadFilesForImportInto } from "./uploads/engine.js";
export { deleteInBatches } from "./resources/delete-chunks.js";
