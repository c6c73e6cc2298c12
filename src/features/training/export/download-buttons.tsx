import { Button } from "@/components/button";
import { downloadFile } from "@/lib/download-file";
import { metricsCsv, metricsFileName, metricsJson, type JobMetrics } from "./metrics-export";

/** "Download CSV" and "Download JSON" of the given jobs' metrics, as held now (read when clicked). */
export function DownloadMetricsButtons({ jobs, disabled }: { jobs: () => readonly JobMetrics[]; disabled?: boolean }) {
  const save = (format: "csv" | "json") => {
    const list = jobs();
    const ids = list.map((job) => job.jobId);
    if (format === "csv") downloadFile(metricsCsv(list), metricsFileName(ids, "csv"), "text/csv;charset=utf-8");
    else downloadFile(metricsJson(list), metricsFileName(ids, "json"), "application/json");
  };
  return (
    <div className="flex items-center gap-2">
      <Button size="sm" variant="secondary" disabled={disabled} onClick={() => save("csv")}>
        Download CSV
      </Button>
      <Button size="sm" variant="secondary" disabled={disabled} onClick={() => save("json")}>
        Download JSON
      </Button>
    </div>
  );
}
