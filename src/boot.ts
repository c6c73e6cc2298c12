import { bootThenRun } from "@/app/boot-sequence";

// index.html's one script: the first page's code and data first, then the app (see boot-sequence.ts).
void bootThenRun(() => import("./main"));
