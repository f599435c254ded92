import { Link } from "@remix-run/react";
import { useState } from "react";
import { FolderCard } from "./FolderCard";
import { dashboardUrl, folderUrl } from "@common/contracts/dashboard/format";
import { Icon } from "~/components/Icon";
import { LoginForm } from "./LoginForm";
import { NameDialog } from "./NameDialog";
import { Shell } from "~/components/Shell";
import { TestMapNotice } from "~/features/map/TestMapNotice";
import { ToastProvider, useActionFetcher } from "~/components/Toast";
import { QuizCard } from "./QuizCard";
import { PlayedGames } from "~/features/history/PlayedGames";
import type { DashboardData } from "@common/contracts/dashboard/types";
import { BackTitle } from "~/components/BackTitle";
import { BrowserAlerts } from "./BrowserAlerts";
import { useT } from "~/components/I18n";

/**
 * /pres, /mj and their folder pages: the login form, or folders then quizzes (docs/architecture.md,
 * Pages and HTTP API).
 */
export function DashboardPage({ data }: { data: DashboardData }) {
  if (data.view === "login") return <LoginForm side={data.side} />;
  return (
    <ToastProvider>
      <Dashboard data={data} />
    </ToastProvider>
  );
}

function Dashboard({ data }: { data: Extract<DashboardData, { view: "dashboard" }> }) {
  const t = useT();
  const { side, folder, account } = data;
  const title = t(side === "admin" ? "dashboard.page.titleAdmin" : "dashboard.page.titleMj");
  const [creating, setCreating] = useState(false);
  const fetcher = useActionFetcher();
  const ownerLabel = (ownerId: number) => (account.role === "admin" && ownerId !== account.id ? data.owners[ownerId] : null);
  const back = data.parent ? folderUrl(side, data.parent) : dashboardUrl(side);
  const newQuiz = folder ? `/quiz/new?folderId=${folder.id}` : "/quiz/new";

  return (
    <Shell side={side} accountName={account.name}>
      <main className="dash-main" id="contenu">
        <div className="dash-head">
          <div className="dash-heading">
            {folder ? <p className="dash-eyebrow">{title}</p> : <h1>{title}</h1>}
            {folder ? (
              <>
                <nav aria-label={t("dashboard.page.crumbs")} className="crumbs">
                  <ol>
                    <li>
                      <Link to={dashboardUrl(side)}>{t("dashboard.page.home")}</Link>
                    </li>
                    {data.trail.slice(0, -1).map((f) => (
                      <li key={f.id}>
                        <Link to={folderUrl(side, f)}>{f.name}</Link>
                      </li>
                    ))}
                    <li aria-current="page">{folder.name}</li>
                  </ol>
                </nav>
                <BackTitle back={back}>
                  <Icon name="folder" size={26} /> {folder.name}
                </BackTitle>
              </>
            ) : null}
          </div>
          <div className="dash-actions">
            <button type="button" className="button button-secondary" onClick={() => setCreating(true)}>
              <Icon name="folder" /> {t("dashboard.page.createFolder")}
            </button>
            <Link to={newQuiz} className="button">
              <Icon name="plus" /> {t("dashboard.page.newQuiz")}
            </Link>
          </div>
        </div>

        <TestMapNotice className="dash-test-map" />

        {data.folders.length ? (
          <section aria-labelledby="dossiers" className="dash-section">
            <h2 id="dossiers">{t(folder ? "dashboard.page.subfolders" : "dashboard.page.folders")}</h2>
            <div className="card-grid folder-grid">
              {data.folders.map((f) => (
                <FolderCard
                  key={f.id}
                  folder={f}
                  side={side}
                  tree={data.tree}
                  parentId={folder?.id ?? null}
                  owner={ownerLabel(f.ownerId)}
                />
              ))}
            </div>
          </section>
        ) : null}

        <section aria-labelledby="quiz" className="dash-section">
          <h2 id="quiz">{t("dashboard.page.quizzes")}</h2>
          {data.quizzes.length ? (
            <div className="card-grid">
              {data.quizzes.map((q) => (
                <QuizCard
                  key={q.uniqueName}
                  quiz={q}
                  side={side}
                  tree={data.tree}
                  canEdit={data.canEdit}
                  currentFolderId={folder?.id ?? null}
                  owner={ownerLabel(q.ownerId)}
                />
              ))}
            </div>
          ) : (
            <div className="empty">
              <Icon name="map" size={40} />
              <p>{t(folder ? "dashboard.page.emptyFolder" : "dashboard.page.emptyRoot")}</p>
              <Link to={newQuiz} className="button button-small">
                <Icon name="plus" /> {t("dashboard.page.createQuiz")}
              </Link>
            </div>
          )}
        </section>

        {data.games ? <PlayedGames games={data.games} showOwner={account.role === "admin"} /> : null}
        {data.alerts ? <BrowserAlerts alerts={data.alerts} /> : null}
      </main>
      <NameDialog
        open={creating}
        onClose={() => setCreating(false)}
        title={folder ? t("dashboard.page.createFolderIn", { name: folder.name }) : t("dashboard.page.createFolder")}
        submitLabel={t("dashboard.page.create")}
        fetcher={fetcher}
        fields={{ intent: "createFolder" }}
      />
    </Shell>
  );
}
