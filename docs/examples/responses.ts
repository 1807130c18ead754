import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Static, Type } from "@sinclair/typebox";
import { typebox } from "@trellis/adapter-typebox";
import {
  Controller,
  createApp,
  Description,
  Get,
  NotFoundException,
  Param,
  Post,
  Produces,
  Returns,
  Route,
  SendUndeclared,
  Summary,
} from "@trellis/core";
import { documented } from "./documented.ts";

const Report = Type.Object(
  { id: Type.String(), title: Type.String(), total: Type.Number() },
  { $id: "Report" },
);
type Report = Static<typeof Report>;

const reports: Report[] = [
  { id: "r1", title: "North", total: 1200 },
  { id: "r2", title: "South", total: 950 },
];
// The rows as stored: each has an `ownerToken` that Report does not declare.
const stored = new Map(reports.map((report) => [report.id, { ...report, ownerToken: "tok-1" }]));
const storedRow = (id: string) => {
  const row = stored.get(id);
  if (row === undefined) throw new NotFoundException(`No report ${id}.`);
  return row;
};
const folder = mkdtempSync(join(tmpdir(), "trellis-reports-"));
writeFileSync(join(folder, "r1.pdf"), "%PDF-1.7 (a stand-in for a real PDF)\n");

@Route("/reports")
@Description("Sales reports")
class ReportController extends Controller {
  // #region negotiated
  // JSON by default; CSV for clients that ask for it (Accept: text/csv).
  @Get()
  @Summary("List reports")
  @Description("As JSON, or as CSV for `Accept: text/csv`.")
  @Produces("application/json", "text/csv")
  @Returns(200, [Report], "Every report")
  list(): Report[] | string {
    if (this.responseType !== "text/csv") return reports;
    const rows = reports.map((report) => `${report.id},${report.title},${report.total}`);
    return ["id,title,total", ...rows].join("\n");
  }
  // #endregion

  // #region declared
  // The stored row goes out as Report declares it: id, title, total; never ownerToken.
  @Get("/:id")
  @Summary("Get a report")
  @Description("The stored report, as Report declares it.")
  @Returns(200, Report, "The report")
  @Returns(404, "No such report")
  get(@Param("id") id: string) {
    return storedRow(id);
  }

  // An internal view that sends the row whole, undeclared fields included.
  @Get("/:id/stored")
  @Summary("Get a stored report")
  @Description("Every stored field, for internal tools.")
  @Returns(200, Report, "The report as stored")
  @Returns(404, "No such report")
  @SendUndeclared()
  storedReport(@Param("id") id: string) {
    return storedRow(id);
  }
  // #endregion

  // #region download
  // A file on disk, streamed as it is read: Bun.file never loads it into memory.
  @Get("/:id/pdf")
  @Summary("Download a report")
  @Description("The report as a PDF file.")
  @Produces("application/pdf")
  @Returns(200, undefined, "The report as PDF")
  @Returns(404, "No such report")
  async pdf(@Param("id") id: string) {
    const file = Bun.file(join(folder, `${id}.pdf`));
    if (!/^r[0-9]+$/.test(id) || !(await file.exists())) {
      throw new NotFoundException(`No report ${id}.`);
    }
    this.setHeader("content-disposition", `attachment; filename="${id}.pdf"`);
    return file;
  }
  // #endregion

  // #region headers
  @Post()
  @Summary("Create a report")
  @Description("Answers the new report with its `Location`.")
  @Returns(201, Report, {
    description: "The created report",
    headers: {
      Location: { description: "The new report's URL", required: true },
      "X-Report-Version": { schema: { type: "integer", minimum: 1 } },
    },
    example: { id: "r3", title: "East", total: 0 },
  })
  create(): Report {
    const report = { id: `r${reports.length + 1}`, title: "East", total: 0 };
    reports.push(report);
    this.setStatus(201);
    this.setHeader("location", `/reports/${report.id}`);
    this.setHeader("x-report-version", "1");
    return report;
  }
  // #endregion
}

export const app = createApp({
  schema: typebox(),
  controllers: [ReportController],
  openapi: documented("reports", "Reports as JSON, CSV and PDF."),
});

/**
 * JSON and CSV of one route, a refused Accept, a file download, a stored row sent as declared and
 * whole, and a documented header.
 */
export async function demo() {
  const get = (path: string, accept?: string) =>
    app.fetch(new Request(`http://localhost${path}`, accept ? { headers: { accept } } : undefined));
  const created = await app.fetch(new Request("http://localhost/reports", { method: "POST" }));
  return {
    json: await get("/reports"),
    csv: await get("/reports", "text/csv"),
    refused: await get("/reports", "application/xml"),
    pdf: await get("/reports/r1/pdf"),
    declared: await get("/reports/r1"),
    whole: await get("/reports/r1/stored"),
    created,
    document: app.document,
  };
}
