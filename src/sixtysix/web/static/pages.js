// The pages of the client: home (name, new game, lobby, history, account), the table, the
// replay of a finished match, the rules and the help.

import { seatNames } from "./names.js";
import { ApiError, api, recordUrl } from "./api.js";
import { cardSvg, cardText, sortHand, suitText } from "./cards.js";
import { explanationText } from "./explain.js";
import { chooseLanguage, currentLanguage, languages, t, tn } from "./i18n.js";
import { actionLabel } from "./actions.js";
import { hasStock, stockElement, tableCards, trickCards } from "./felt.js";
import { pairingPanel } from "./pairing.js";
import { TableView } from "./table.js";
import { gameOptions } from "./clock.js";
import { confirmDialog, el, settings } from "./ui.js";

/** The player (null before they chose a name) and its account (null for a guest). */
async function me() {
  try {
    return await api.me();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      return { player: null, account: null };
    }
    throw error;
  }
}

export function errorText(error) {
  if (!(error instanceof ApiError)) {
    return t("The server cannot be reached.");
  }
  switch (error.code) {
    case "rate_limited":
      return error.retryAfter
        ? tn("Too many requests from your address: try again in {n} second.",
          "Too many requests from your address: try again in {n} seconds.", error.retryAfter)
        : t("Too many requests from your address: try again later.");
    case "bad_name":
      return t("A name is 1 to 24 characters long.");
    case "bad_rules":
      return t("These rules cannot be played: {reason}", { reason: error.message });
    case "bad_user_name":
      return t("A user name is 3 to 24 letters, digits, _ or -, without look-alike letters of different scripts.");
    case "bad_password":
      return t("A password is 8 to 128 characters long.");
    case "bad_credentials":
      return t("Wrong user name or password.");
    case "name_taken":
      return t("This user name, or one too like it, is taken.");
    case "locked":
      return t("Too many wrong passwords: this account is locked for a while. Try again later.");
    case "account_required":
      return t("Sign in to play rated games.");
    case "csrf":
      return t("The page is out of date: reload it and try again.");
    default:
      return error.message;
  }
}

function nameForm(player, onDone) {
  const input = el("input", {
    type: "text", name: "name", maxlength: 24, required: true, autocomplete: "nickname",
    value: player ? player.name : "", "aria-label": t("Your name"), placeholder: t("Your name"),
  });
  const note = el("p.note", { role: "alert" });
  return el("form.name-form", {
    on: {
      submit: async (event) => {
        event.preventDefault();
        try {
          const result = await api.guest(input.value.trim());
          onDone(result.player);
        } catch (error) {
          note.textContent = errorText(error);
        }
      },
    },
  }, [
    el("label", { text: player ? t("Your name") : t("Choose a name to play") }),
    el("div.row", {}, [input, el("button.primary", { type: "submit", text: player ? t("Rename") : t("Go") })]),
    note,
  ]);
}

/** A labelled input of an account form. */
function accountField(label, attrs) {
  const input = el("input", { required: true, ...attrs });
  return { input, label: el("label.field", {}, [el("span", { text: label }), input]) };
}

/** A form of the account panel: its fields, its button (red if ``danger``) and its errors in words. */
function accountForm(kind, title, fields, submitText, submit, danger = false) {
  const note = el("p.note", { role: "alert" });
  return el(`form.account-form.${kind}`, {
    on: {
      submit: async (event) => {
        event.preventDefault();
        note.textContent = "";
        try {
          await submit();
        } catch (error) {
          note.textContent = errorText(error);
        }
      },
    },
  }, [
    el("h3", { text: title }),
    ...fields.map((field) => field.label),
    el(danger ? "button.danger" : "button.primary", { type: "submit", text: submitText }),
    note,
  ]);
}

const USER = { type: "text", name: "user", minlength: 3, maxlength: 24, autocomplete: "username", spellcheck: "false" };
const NEW_PASSWORD = { type: "password", minlength: 8, maxlength: 128, autocomplete: "new-password" };
const PASSWORD = { type: "password", maxlength: 128, autocomplete: "current-password" };

/** Sign up and sign in; or, signed in, sign out, change the password and delete the account. */
function accountPanel(me, done) {
  const panel = el("section.card-panel.account", {}, [el("h2", { text: t("Account") })]);
  if (!me.account) {
    panel.append(el("p", {
      text: me.player
        ? t("Create an account to keep your games, {name}, and play them from any device.", { name: me.player.name })
        : t("Create an account, or sign in, to play from any device."),
    }));
    const up = [accountField(t("User name"), USER), accountField(t("Password"), { ...NEW_PASSWORD, name: "password" })];
    const inside = [accountField(t("User name"), USER), accountField(t("Password"), { ...PASSWORD, name: "password" })];
    panel.append(el("div.account-forms", {}, [
      accountForm("sign-up", t("Sign up"), up, t("Create the account"), async () => {
        await api.signUp(up[0].input.value, up[1].input.value);
        done();
      }),
      accountForm("sign-in", t("Sign in"), inside, t("Sign in"), async () => {
        await api.signIn(inside[0].input.value, inside[1].input.value);
        done();
      }),
    ]));
    return panel;
  }
  const note = el("p.note", { role: "alert" });
  panel.append(el("p.signed-in", {}, [
    el("span", { text: t("Signed in as {name}", { name: me.account.name }) }), " ",
    el("a.profile-link", { href: `#/player/${encodeURIComponent(me.account.name)}`, text: t("Your profile") }), " ",
    el("button.sign-out", {
      type: "button", text: t("Sign out"),
      on: {
        click: async () => {
          try {
            await api.signOut();
            done();
          } catch (error) {
            note.textContent = errorText(error);
          }
        },
      },
    }),
  ]), note);
  const change = [
    accountField(t("Current password"), { ...PASSWORD, name: "old-password" }),
    accountField(t("New password"), { ...NEW_PASSWORD, name: "new-password" }),
  ];
  const changed = el("p.note", { role: "status" });
  const remove = [accountField(t("Password"), { ...PASSWORD, name: "delete-password" })];
  panel.append(el("div.account-forms", {}, [
    accountForm("change-password", t("Change the password"), change, t("Change the password"), async () => {
      changed.textContent = "";
      await api.changePassword(change[0].input.value, change[1].input.value);
      change.forEach((field) => { field.input.value = ""; });
      changed.textContent = t("The password is changed; every other device is signed out.");
    }),
    accountForm("delete-account", t("Delete the account"), remove, t("Delete the account"), async () => {
      const sure = await confirmDialog({
        title: t("Delete the account?"),
        body: [t("Your user name and password go; your games stay, under the name “deleted player”.")],
        confirm: t("Delete the account"), cancel: t("Keep it"),
      });
      if (sure) {
        await api.deleteAccount(remove[0].input.value);
        done();
      }
    }, true),
  ]), changed);
  return panel;
}

function gameStatus(game) {
  if (game.status === "open") {
    return t("waiting for a player");
  }
  if (game.status === "playing") {
    return t("playing");
  }
  if (game.winner === game.your_seat) {
    if (game.ending === "forfeit") {
      return t("won (forfeit)");
    }
    if (game.ending === "resigned") {
      return t("won (resigned)");
    }
    if (game.ending === "time") {
      return t("won (on time)");
    }
    return game.ending === "claimed" ? t("won (claimed)") : t("won");
  }
  if (game.ending === "forfeit") {
    return t("lost (forfeit)");
  }
  if (game.ending === "resigned") {
    return t("lost (resigned)");
  }
  if (game.ending === "time") {
    return t("lost (on time)");
  }
  return game.ending === "claimed" ? t("lost (claimed)") : t("lost");
}

function playerNames(game) {
  return seatNames(game).map((name) => name || t("(open seat)")).join(" – ");
}

/** A level's name with its strength in a kind of game, when it has one: "Hard (~1617)". */
function levelWithStrength(level, strengths, kind) {
  const value = ((strengths && strengths.kinds[kind]) || {})[level];
  return value === undefined ? levelName(level) : t("{level} (~{rating})", { level: levelName(level), rating: String(value) });
}

function newGameForm(options, navigate, signedIn = false, strengths = null) {
  const programs = options.bots || [];
  const level = el("select", { name: "level", "aria-label": t("Level") }, [
    ...options.levels.map((name) => el("option", { value: name, text: levelWithStrength(name, strengths, "classic"), selected: name === "medium" })),
    programs.length ? el("optgroup", { label: t("Program bots") },
      programs.map((name) => el("option", { value: name, text: name }))) : null,
  ]);
  const preset = el("select", { name: "preset", "aria-label": t("Rules") },
    options.presets.map((name) => el("option", { value: name, text: name })));
  const number = (flag, spec) => el("input", {
    type: "number", min: spec.min, max: spec.max, step: 1, name: flag, placeholder: t("as the preset"),
  });
  const flagInputs = Object.entries(options.flags).map(([flag, spec]) => {
    if (flag === "match_target") {
      return number(flag, spec);
    }
    let input;
    if (spec.values) {
      input = el("select", { name: flag }, [
        el("option", { value: "", text: t("as the preset") }),
        ...spec.values.map((value) => el("option", { value, text: value })),
      ]);
    } else {
      input = number(flag, spec);
    }
    return el("label.flag", {}, [el("span", { text: flag.replaceAll("_", " ") }), input]);
  });
  const target = flagInputs.find((node) => node.name === "match_target");
  const fields = flagInputs.map((node) => (node.matches("input, select") ? node : node.querySelector("select, input")));
  const note = el("p.note", { role: "alert" });
  // A preset's table: its seats (one opponent, or a kind for each other seat) and the
  // flags that apply to it, of those the form shows.
  const table = () => options.tables[preset.value];
  const several = () => table().seats > 2;
  const rules = () => [preset.value, ...fields
    .filter((input) => input.value !== "" && table().flags.includes(input.name))
    .map((input) => `${input.name}=${input.value}`)].join(" ");
  const seatKind = (name, label) => el("select", { name, "aria-label": label }, [
    ...(options.three_levels || []).map((value) => el("option", { value, text: levelWithStrength(value, strengths, "three-hand"), selected: value === "easy" })),
    el("option", { value: "human", text: t("A person (invited by link)") }),
  ]);
  const seatLabels = [t("Player to your left"), t("Player to your right")];
  const seats = seatLabels.map((label, index) => seatKind(`seat${index + 1}`, label));
  const seatRows = seats.map((select, index) => el("div.row", {}, [el("label", { text: seatLabels[index] }), select]));
  const start = async (opponent) => {
    const invalid = fields.find((input) => !input.checkValidity());
    if (invalid) {
      note.textContent = t("{flag} must be a whole number from {min} to {max}.",
        { flag: invalid.name.replaceAll("_", " "), min: invalid.min, max: invalid.max });
      invalid.focus();
      return;
    }
    try {
      let body;
      if (opponent === "seats") {
        body = { rules: rules(), seats: seats.slice(0, table().seats - 1).map((select) => select.value) };
      } else {
        body = opponent === "bot" ? { opponent, level: level.value, rules: rules() } : { opponent, rules: rules() };
      }
      const { game } = await api.create({ ...body, ...choice.options() });
      navigate(`#/game/${game.id}`);
    } catch (error) {
      note.textContent = error instanceof ApiError && error.code === "bad_request" && choice.rated
        ? t("Rated games are against people, by a preset's rules unchanged, with a clock.")
        : errorText(error);
    }
  };
  const choice = gameOptions(signedIn);
  const computer = el("button.primary", { type: "button", "data-start": "bot", text: t("Play the computer"), on: { click: () => start("bot") } });
  const twoHand = [
    el("div.row", {}, [el("label", { text: t("Level") }), level]),
    el("details.flags", {}, [el("summary", { text: t("Rule flags") }),
      el("div.flag-grid", {}, flagInputs.filter((node) => node !== target))]),
    el("div.buttons", {}, [
      computer,
      el("button", { type: "button", "data-start": "human", text: t("Invite a person"), on: { click: () => start("human") } }),
    ]),
  ];
  const seatedForm = [
    el("p.three-note", { text: t("Three players, eight cards each, no stock: each other seat is a computer player or a person you invite.") }),
    ...seatRows,
    el("div.buttons", {}, [
      el("button.primary", { type: "button", "data-start": "three", text: t("Start the table"), on: { click: () => start("seats") } }),
    ]),
  ];
  const showPreset = () => {
    for (const node of twoHand) {
      node.hidden = several();
    }
    for (const node of seatedForm) {
      node.hidden = !several();
    }
    seatRows.forEach((row, index) => {
      row.hidden = !several() || index >= table().seats - 1;
    });
  };
  // A rated game: people as the other seats, a preset unchanged; not against the computer.
  const refreshRated = () => {
    const people = !several() || seats.slice(0, table().seats - 1).every((select) => select.value === "human");
    choice.refresh(people && rules() === preset.value);
    computer.disabled = choice.rated;
  };
  preset.addEventListener("change", showPreset);
  showPreset();
  refreshRated();
  const form = el("section.card-panel.new-game", {
    on: { change: refreshRated, input: refreshRated },
  }, [
    el("h2", { text: t("New game") }),
    twoHand[0],
    el("div.row", {}, [el("label", { text: t("Rules") }), preset]),
    target ? el("div.row", {}, [el("label", { text: t("Match to"), title: t("Game points that win the match") }), target]) : null,
    ...choice.nodes,
    ...twoHand.slice(1),
    ...seatedForm,
    note,
  ]);
  return form;
}

export function levelName(level) {
  return { easy: t("Easy"), medium: t("Medium"), hard: t("Hard"), expert: t("Expert") }[level] || level;
}

function gameList(games, empty, link) {
  if (!games.length) {
    return el("p.empty", { text: empty });
  }
  return el("ul.games", {}, games.map((game) => el("li", {}, [
    el("a", { href: link(game), text: playerNames(game) }),
    el("span.game-meta", { text: `${game.rules} · ${game.score.join(":")} · ${gameStatus(game)}` }),
  ])));
}

export async function homePage(root, navigate) {
  const who = await me();
  const player = who.player;
  const page = el("div.page.home");
  root.replaceChildren(page);
  page.append(el("h1", { text: t("Sixty-Six") }));
  page.append(el("p.lead", { text: t("The card game for two or three: reach 66 points first.") }));
  const rerender = () => navigate("#/");
  if (!who.account) {
    page.append(el("section.card-panel", {}, [nameForm(player, rerender)]));
  }
  if (!player) {
    page.append(accountPanel(who, rerender));
    return;
  }
  const [options, lobby, history, strengths] = await Promise.all([api.options(), api.lobby(), api.history(),
    api.strengths()]);
  const quick = pairingPanel(options, Boolean(who.account), navigate, errorText);
  page.append(quick.element);
  page.append(newGameForm(options, navigate, Boolean(who.account), strengths));
  const openTables = (games) => gameList(games, t("No open tables. Invite someone, or play the computer."),
    (game) => `#/game/${game.id}`);
  let tables = openTables(lobby.games);
  page.append(el("section.card-panel.lobby", {}, [el("h2", { text: t("Open tables") }), tables]));
  page.append(el("section.card-panel.history", {}, [
    el("h2", { text: t("Your matches") }),
    gameList(history.games, t("No matches yet."),
      (game) => (game.status === "over" ? `#/replay/${game.id}` : `#/game/${game.id}`)),
  ]));
  page.append(accountPanel(who, rerender));
  const timer = setInterval(async () => {
    try {
      const fresh = openTables((await api.lobby()).games);
      tables.replaceWith(fresh);
      tables = fresh;
    } catch {
      // The next refresh tries again.
    }
  }, 5000);
  return () => {
    clearInterval(timer);
    quick.stop();
  };
}

export async function gamePage(root, id, navigate) {
  let game;
  try {
    game = (await api.game(id)).game;
  } catch (error) {
    root.replaceChildren(el("div.page", {}, [el("p.note", { text: errorText(error) }),
      el("a.button", { href: "#/", text: t("Home") })]));
    return null;
  }
  if (game.status === "open" && (game.your_seat === null || game.your_seat === undefined)) {
    const player = (await me()).player;
    const page = el("div.page.join.card-panel");
    page.append(el("h1", { text: t("{name} invites you to play Sixty-Six", { name: game.players[0] }) }));
    page.append(el("p", { text: t("Rules: {rules}", { rules: game.rules }) }));
    const join = async () => {
      try {
        await api.join(id);
        navigate(`#/game/${id}`);
      } catch (error) {
        page.append(el("p.note", { text: errorText(error) }));
      }
    };
    if (player) {
      page.append(el("button.primary.big", { type: "button", "data-join": "", text: t("Join the table"), on: { click: join } }));
    } else {
      page.append(el("section.card-panel", {}, [nameForm(null, join)]));
    }
    root.replaceChildren(page);
    return null;
  }
  const table = new TableView(root, game);
  table.start();
  return table;
}

/** An action of a record in words: "10♠" for a card, the button's words otherwise. */
function actionWords(action, view) {
  return /^[9JQKTA][cdhs]$/.test(action) ? cardText(action).textContent : actionLabel(action, view);
}

export async function replayPage(root, id) {
  let data;
  try {
    data = await api.replay(id);
  } catch (error) {
    root.replaceChildren(el("div.page", {}, [el("p.note", { text: errorText(error) })]));
    return;
  }
  const { game, steps } = data;
  const names = seatNames(game).map((name) => name || "?");
  let index = 0;
  const board = el("div.replay-board");
  const slider = el("input", {
    type: "range", min: 0, max: steps.length - 1, value: 0, "aria-label": t("Step"),
    on: { input: () => show(Number(slider.value)) },
  });
  const counter = el("span.counter");
  function handRow(view, seat) {
    return el("div.replay-seat", {}, [
      el("div.namebar", {}, [el("span.name", { text: names[seat] }),
        el("span.badge", { text: tn("{n} point", "{n} points", view.points[seat]) }),
        el("span.badge", { text: tn("{n} trick", "{n} tricks", view.trick_counts[seat]) })]),
      el("div.hand", {}, sortHand(view.hands[seat], view.trump).map((card) => cardSvg(card))),
    ]);
  }
  function show(at) {
    index = Math.max(0, Math.min(steps.length - 1, at));
    slider.value = String(index);
    const step = steps[index];
    const view = step.view;
    counter.textContent = t("Step {n} of {total}", { n: index + 1, total: steps.length });
    const what = step.action === null
      ? t("Round {n}: the deal.", { n: step.round })
      : t("{name}: {action}", { name: names[step.actor] ?? "", action: actionWords(step.action, view) });
    const trick = el("div.trick");
    const played = step.action && /^[9JQKTA][cdhs]$/.test(step.action);
    const last = view.tricks[view.tricks.length - 1];
    const table = tableCards(view);
    const cards = table.length ? table : last && played ? trickCards(last, names.length) : [];
    trick.append(...cards.map(({ card }) => cardSvg(card, "played")));
    const side = hasStock(view) ? stockElement(view) : el("div.trump-card", {}, [cardText(view.trump_card)]);
    board.replaceChildren(...[
      el("p.step-what", { text: what }),
      ...names.slice(1).map((_, index) => handRow(view, index + 1)),
      el("div.felt", {}, [side, trick, el("div.trump", {}, [el("span.trump-label", { text: t("Trump") }), suitText(view.trump)])]),
      handRow(view, 0),
      view.outcome ? el("p.explanation", { text: explanationText(view.outcome.explanation, names) }) : null,
      el("p", { text: t("Match score: {score}", { score: view.score.join(" – ") }) }),
    ].filter(Boolean));
  }
  const onKey = (event) => {
    if (event.key === "ArrowRight") {
      show(index + 1);
    } else if (event.key === "ArrowLeft") {
      show(index - 1);
    }
  };
  document.addEventListener("keydown", onKey);
  root.replaceChildren(el("div.page.replay", {}, [
    el("h1", { text: t("Replay: {names}", { names: names.join(" – ") }) }),
    el("div.replay-controls", {}, [
      el("button", { type: "button", text: t("◀ Back"), title: t("Key: ←"), on: { click: () => show(index - 1) } }),
      slider,
      el("button", { type: "button", text: t("Forward ▶"), title: t("Key: →"), on: { click: () => show(index + 1) } }),
      counter,
      el("a.button", { href: recordUrl(id), download: `sixtysix-${id}.txt`, text: t("Download the record") }),
    ]),
    board,
  ]));
  show(0);
  return () => document.removeEventListener("keydown", onKey);
}

export async function rulesPage(root, section = null) {
  const page = el("div.page.rules");
  root.replaceChildren(page);
  const response = await fetch(`/rules/${encodeURIComponent(currentLanguage())}.html`);
  const doc = new DOMParser().parseFromString(await response.text(), "text/html");
  page.append(...doc.body.childNodes);
  // A record or a table wider than the page scrolls in its own box, which the keys reach too.
  for (const box of page.querySelectorAll("pre.record, table")) {
    if (box.scrollWidth > box.clientWidth) {
      box.tabIndex = 0;
    }
  }
  const target = section && /^[a-z-]+$/.test(section) ? page.querySelector(`#${section}`) : null;
  if (target && target.tagName === "SECTION") {
    target.scrollIntoView({ block: "start" });
  } else if (target) {
    target.classList.add("highlight");
    target.scrollIntoView({ block: "center" });
  }
}

export function helpPage(root) {
  const item = (key, text) => el("tr", {}, [el("th", { text: key }), el("td", { text })]);
  root.replaceChildren(el("div.page.help", {}, [
    el("h1", { text: t("Help") }),
    el("p", { text: t("You sit at the bottom of the table, your opponent at the top. The stock with the trump card under it is on the left, the trick in the middle.") }),
    el("p", { text: t("In the three-hand game the player to your left sits at the top left and the one to your right at the top right; the trick in the middle shows who played each card. There is no stock: the dealer's last card, shown to all, sets trump, and every card must follow suit and beat the trick if it can. A hint there values each action by the game points it is expected to bring you less the average of the other two.") }),
    el("h2", { text: t("Controls") }),
    el("table.keys", {}, [
      item(t("Card in your hand"), t("Click or tap a highlighted card to play it. Clicking a card you may not play tells you why. Keys 1 to 6 play the cards from left to right.")),
      item(t("Marriage (m)"), t("Announce the king and queen of one suit: 40 in trumps, 20 otherwise. Then lead the king or the queen.")),
      item(t("Exchange (x)"), t("Take the trump card from under the stock in exchange for the nine of trumps.")),
      item(t("Close the stock (c)"), t("Turn the trump card down: no more drawing, strict play, and you must reach 66 first. The table explains this before you close, unless you turn that off below.")),
      item(t("Close before drawing (c)"), t("After winning a trick, close the stock instead of drawing.")),
      item(t("Declare out (o)"), t("Claim that you have 66 points. If you have fewer, your opponent scores. The table asks first: confirm with the button or press o again.")),
      item(t("Draw / Go on (space or Enter)"), t("After winning a trick, draw from the stock and go on.")),
      item(t("Don't exchange (space or Enter)"), t("After your opponent closed, keep your nine of trumps.")),
      item(t("Hint (h)"), t("Shows each action you may take with the game points it is expected to bring, from what you can see.")),
      item(t("Cards won"), t("Next to each name: the tricks won and their points (memory mode hides the points).")),
      item(t("Resign"), t("Give up the match: your opponent wins it. The table asks first.")),
      item(t("Memory mode"), t("Hides the running points and the past tricks, as the rules intend: count in your head.")),
      item(t("Pace"), t("How long each of your opponent's moves stays on the table before the next.")),
      item(t("Next deal (space or Enter)"), t("Closes the round's summary and deals again.")),
      item(t("Claim the match"), t("When your opponent has been away longer than the limit, you may claim the match.")),
      item(t("Replay (← and →)"), t("Steps through a finished match with both hands shown; the record can be downloaded and replayed with sixtysix replay.")),
      item(t("Help (?)"), t("This page.")),
    ]),
    el("h2", { text: t("Settings") }),
    el("label.setting", {}, [
      el("input", {
        type: "checkbox", name: "explain-close", checked: settings.get("explainClose"),
        on: { change: (event) => settings.set("explainClose", event.target.checked) },
      }),
      el("span", { text: t("Explain what closing the stock means before it is done") }),
    ]),
    el("p", {}, [el("a", { href: "#/rules", text: t("The rules of Sixty-Six") })]),
  ]));
}

/** The header's links and settings. */
export function navigation() {
  const memory = el("input", {
    type: "checkbox", id: "memory-mode", checked: settings.get("memory"),
    on: { change: (event) => settings.set("memory", event.target.checked) },
  });
  const pace = el("select", {
    id: "pace", "aria-label": t("Pace"), title: t("Pace of the moves on the table"),
    on: { change: (event) => settings.set("pace", event.target.value) },
  }, [
    el("option", { value: "normal", text: t("Normal"), selected: settings.get("pace") === "normal" }),
    el("option", { value: "fast", text: t("Fast"), selected: settings.get("pace") === "fast" }),
    el("option", { value: "off", text: t("No motion"), selected: settings.get("pace") === "off" }),
  ]);
  return [
    el("a", { href: "#/", text: t("Home") }),
    el("a", { href: "#/rules", text: t("Rules") }),
    el("a", { href: "#/leaderboard/classic", text: t("Leaderboard") }),
    el("a", { href: "#/help", text: t("Help") }),
    el("label.memory", { title: t("Hide the running points and past tricks") }, [memory, el("span", { text: t("Memory mode") })]),
    pace,
    languageMenu(),
  ];
}

/** The language menu: each language named in itself; a choice is kept by the server and
 * the page is loaded again in it. */
function languageMenu() {
  return el("select", {
    id: "language", "aria-label": t("Language"), title: t("Language"),
    on: {
      change: async (event) => {
        await chooseLanguage(event.target.value);
        location.reload();
      },
    },
  }, languages().map(({ code, name }) => el("option", {
    value: code, lang: code, text: name, selected: code === currentLanguage(),
  })));
}
