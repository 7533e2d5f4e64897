//! The page layer's imports run one way (docs/architecture.md, "Layers of the page"): the state
//! and the words at the bottom, the widgets above them, the views above the widgets and the shell
//! on top. A module may name a module of a lower layer, or itself, and nothing else (the shell's modules, at the
//! top, may also name one another); this test
//! reads every file under `src/app/` and fails on the first import that reaches up or sideways.

use std::fs;
use std::path::{Path, PathBuf};

/// The shell's layer: the page's frame, header, toolbar, scenario bar, examples menu, print and
/// embed.
const SHELL: u8 = 7;

/// The layer of a page module, by its path under `src/app/` (its first component, and the file
/// for the library, whose bar belongs to the shell). Lower numbers are lower layers.
fn layer(module: &[String]) -> Option<(u8, String)> {
    let first = module.first()?.as_str();
    let rank = match first {
        // The one way into localStorage, used by the language choice and the library too.
        "storage" => 0,
        "format" | "download" | "lang" => 1,
        "words" => 2,
        "state" => 3,
        "i18n" => 4,
        "library" if module.get(1).map(String::as_str) == Some("bar") => SHELL,
        "library" => 4,
        "widgets" => 5,
        "views" => 6,
        "toolbar" | "presets" | "print" | "embed" => SHELL,
        _ => return None,
    };
    Some((rank, first.to_string()))
}

/// The module path of a file: `src/app/views/bill/mod.rs` is `views::bill`.
fn module_of(file: &Path, root: &Path) -> Vec<String> {
    let rel = file.strip_prefix(root).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().map(String::as_str) == Some("mod") {
        parts.pop();
    }
    parts
}

/// Identifiers at the start of `rest` (one, or each of a `{…}` group's first words).
fn heads(rest: &str) -> Vec<String> {
    let word = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    if let Some(group) = rest.strip_prefix('{') {
        let end = group.find('}').unwrap_or(group.len());
        group[..end]
            .split(',')
            .map(word)
            .filter(|w| !w.is_empty())
            .collect()
    } else {
        vec![word(rest)]
    }
}

/// The page modules a line names, as paths from `src/app/`.
fn targets(line: &str, here: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = line[from..].find("crate::app::") {
        let rest = &line[from + i + "crate::app::".len()..];
        out.extend(heads(rest).into_iter().map(|h| vec![h]));
        from += i + 1;
    }
    let mut from = 0;
    while let Some(i) = line[from..].find("super::") {
        let start = from + i;
        // Only the first `super::` of a chain; count the chain.
        if start >= 7 && &line[start - 7..start] == "super::" {
            from = start + 1;
            continue;
        }
        let mut rest = &line[start..];
        let mut ups = 0;
        while let Some(r) = rest.strip_prefix("super::") {
            ups += 1;
            rest = r;
        }
        // `super` is the module's parent, whether the module is a file or a `mod.rs`.
        if ups <= here.len() {
            let base = &here[..here.len() - ups];
            for h in heads(rest) {
                let mut p = base.to_vec();
                p.push(h);
                out.push(p);
            }
        }
        from = start + 1;
    }
    out
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn page_imports_run_one_way() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut all = Vec::new();
    files(&root, &mut all);
    all.sort();
    assert!(
        all.len() > 40,
        "expected the page's files under {}",
        root.display()
    );
    let mut wrong = Vec::new();
    for file in &all {
        let here = module_of(file, &root);
        // The app's root module (`src/app/mod.rs`) is the shell: it may name anything.
        let Some((rank, name)) = layer(&here) else {
            continue;
        };
        let text = fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            for target in targets(line, &here) {
                let Some((to_rank, to_name)) = layer(&target) else {
                    continue;
                };
                // The shell's modules are the top and may use one another.
                if to_name != name && to_rank >= rank && rank < SHELL {
                    wrong.push(format!(
                        "{}:{}: {} (layer {rank}) names {} (layer {to_rank})",
                        file.strip_prefix(&root).unwrap().display(),
                        n + 1,
                        here.join("::"),
                        target.join("::"),
                    ));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_checker_sees_an_import_that_reaches_up() {
    // A widget naming a view, by either path form, and a state file naming the words (allowed).
    let widget = vec!["widgets".to_string(), "form".to_string()];
    let up = targets("use crate::app::views::registry;", &widget);
    assert_eq!(up, vec![vec!["views".to_string()]]);
    let sideways = targets("use super::super::toolbar::Reset;", &widget);
    assert_eq!(sideways, vec![vec!["toolbar".to_string()]]);
    let state = vec!["state".to_string()];
    let down = targets("use super::{lang, words};", &state);
    assert_eq!(
        down,
        vec![vec!["lang".to_string()], vec!["words".to_string()]]
    );
    assert!(layer(&up[0]).unwrap().0 > layer(&widget).unwrap().0);
}

/// The receiver of each `.with(` or `.with_untracked(` on a line: the identifier just before it.
fn with_receivers(line: &str) -> Vec<&str> {
    let mut found = Vec::new();
    for pat in [".with(", ".with_untracked("] {
        for (at, _) in line.match_indices(pat) {
            let before = &line[..at];
            let start = before
                .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(0, |i| i + 1);
            found.push(&before[start..]);
        }
    }
    found
}

/// Every line of the `.rs` files under `src/<dir>` for which `wrong` says what is wrong, as
/// `file:line: what`; `skip` leaves a file out.
fn offending_lines(
    dir: &str,
    skip: impl Fn(&Path) -> bool,
    wrong: impl Fn(&str) -> Option<String>,
) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(dir);
    let mut all = Vec::new();
    files(&root, &mut all);
    let mut found = Vec::new();
    for file in all.iter().filter(|f| !skip(f)) {
        let text = fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if let Some(what) = wrong(line) {
                let at = file.strip_prefix(&root).unwrap().display();
                found.push(format!("{at}:{}: {what}", n + 1));
            }
        }
    }
    found
}

/// Signals and memos are read with `see` (`state::See`), which is compiled once per value type;
/// `with` is compiled once per closure and was 26 KB of the wasm over 230 call sites
/// (docs/performance.md). Thread-locals (named in capitals) and an `Owner` keep `with`.
#[test]
fn signals_are_read_through_see() {
    let wrong = offending_lines(
        "app",
        |_| false,
        |line| {
            if line.trim_start().starts_with("//") {
                return None;
            }
            with_receivers(line)
                .into_iter()
                .find(|r| !(*r == "owner" || (!r.is_empty() && *r == r.to_uppercase())))
                .map(|r| format!("`{r}.with(`"))
        },
    );
    assert!(
        wrong.is_empty(),
        "read these with `see`:\n{}",
        wrong.join("\n")
    );
    assert_eq!(with_receivers("    x.with(|v| v)"), vec!["x"]);
    assert_eq!(with_receivers("LANG.with(Cell::get)"), vec!["LANG"]);
}

/// Fails on a line of code under `src/<dir>` (files `skip` passes over aside) holding one of
/// `patterns`, saying `advice`: the ways of writing that compile a generic copy per call site.
fn forbid(dir: &str, skip: impl Fn(&Path) -> bool, patterns: &[&str], advice: &str) {
    let wrong = offending_lines(dir, skip, |line| {
        let code = line.split("//").next().unwrap_or_default();
        patterns
            .iter()
            .any(|p| code.contains(p))
            .then(|| code.trim().to_string())
    });
    assert!(wrong.is_empty(), "{advice}:\n{}", wrong.join("\n"));
}

/// Sorting goes through `calc::order`, compiled once (docs/architecture.md): a call of the
/// standard library's sorts anywhere else in `src/` is one more copy of them in the wasm.
#[test]
fn sorting_goes_through_order() {
    let sorts = [
        ".sort(",
        ".sort_by(",
        ".sort_by_key(",
        ".sort_unstable(",
        ".sort_unstable_by(",
        ".sort_unstable_by_key(",
    ];
    forbid(
        "",
        |f| f.ends_with("calc/order.rs"),
        &sorts,
        "sort with calc::order",
    );
}

/// localStorage is reached through `app::storage` alone, whose accessors find nothing or report a
/// refusal where storage is refused (a sandboxed frame throws on merely touching it): another
/// accessor would be one more place to get that wrong, and gloo-storage's panics there.
#[test]
fn storage_goes_through_the_adapter() {
    forbid(
        "",
        |f| f.ends_with("app/storage.rs"),
        &[".local_storage(", "LocalStorage::raw", "gloo_storage"],
        "reach localStorage through app::storage (get, set, remove, keys)",
    );
}

/// The page's memos are made with `state::memo`, which hands the runtime one closure type per
/// value type; `Memo::new` compiles the runtime's memo set-up once per closure (docs/performance.md).
/// The state's own memos of a calculator's report, which read their previous value, keep it.
#[test]
fn memos_are_made_through_state_memo() {
    let state = |f: &Path| f.ends_with("state/memo.rs") || f.ends_with("state/mod.rs");
    forbid("app", state, &["Memo::new("], "make memos with state::memo");
}

/// Parts shown on a condition go through `widgets::When`, compiled once; Leptos's `Show` is
/// compiled again for each use, its condition's memo and its children's build (docs/performance.md).
#[test]
fn conditions_go_through_when() {
    forbid(
        "app",
        |_| false,
        &["<Show"],
        "show these with widgets::When",
    );
}

/// A reactive part of a view is written `{live(move || ...)}` (`widgets::live`): a bare
/// `{move || ...}` is a closure type of its own, and the renderer's build and rebuild of it is
/// compiled again for it (docs/performance.md).
#[test]
fn reactive_parts_go_through_live() {
    let bare = ["{move ||", "{ move ||"];
    forbid(
        "app",
        |_| false,
        &bare,
        "write these as {live(move || ...)}",
    );
}

/// Every slider in the views names a field whose table gives it a range and step: a field
/// without one would slide over its whole range (a million dollars by one) and say nothing.
#[test]
fn sliders_have_ranges() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&root, &mut all);
    let text: Vec<String> = all.iter().map(|f| fs::read_to_string(f).unwrap()).collect();
    let mut named = Vec::new();
    for t in &text {
        for part in t
            .split("slider(&")
            .skip(1)
            .chain(t.split("SliderField field=&").skip(1))
        {
            let name: String = part
                .chars()
                .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
                .collect();
            named.push(name);
        }
    }
    assert!(
        named.len() >= 7,
        "the views' sliders were not found: {named:?}"
    );
    for name in named {
        let decl = format!("const {name}: F = NumField {{");
        let line = text
            .iter()
            .flat_map(|t| t.lines())
            .find(|l| l.contains(&decl))
            .unwrap_or_else(|| panic!("no field table entry {name}"));
        assert!(
            line.contains("slider: Some(&Slider {"),
            "{name} is a slider in a view but its table gives it no range: {line}"
        );
    }
}

/// The memory views' inputs sit below the calculations that read them: `memory::inputs` names
/// the value types it holds (architecture, card, data types, presets, training choices) and never
/// `memory::training` or `memory::vllm`, which import it, so the imports run one way.
#[test]
fn memory_inputs_import_no_calculation() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/calc/memory/inputs.rs");
    let text = fs::read_to_string(root).unwrap();
    let wrong: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .filter(|l| {
            [
                "super::training::",
                "super::vllm",
                "memory::training::",
                "memory::vllm",
            ]
            .iter()
            .any(|p| l.contains(p))
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "memory::inputs imports a calculation that imports it:\n{}",
        wrong.join("\n")
    );
}

/// The memory calculators are read by the headline's ways out and by the memory views' sheets;
/// none of them reads either back, so `calc::memory`, `calc::headline` and `calc::memory_sheet`
/// import one way.
#[test]
fn memory_imports_neither_the_headline_nor_the_sheets() {
    forbid(
        "calc/memory",
        |_| false,
        &["calc::headline", "memory_sheet"],
        "calc::memory imports what imports it",
    );
}

/// A form is written one way: a `&'static [Section]` table drawn by `widgets::form` (docs/
/// architecture.md, "Adding a calculator"). A `<form>` written as markup in a view is a second
/// way, its fieldsets and controls compiled again for that view.
#[test]
fn forms_are_tables() {
    forbid(
        "app",
        |f: &Path| f.ends_with("widgets/form.rs"),
        &["<form"],
        "write the form as a &[Section] table drawn by widgets::form",
    );
}

/// The names of the fields in `text` written `<start>NAME`, in order.
fn named_after(text: &str, starts: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or_default();
        for s in starts {
            if let Some((_, rest)) = code.split_once(s) {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
                    .collect();
                found.push(name);
            }
        }
    }
    found
}

/// The model section's architecture fold lists every field of the memory table's `ARCH`, the
/// sizes in the table's order, then the yes/no flags, then the attention kind: a field added to
/// the table and not to the form could be set only by a link.
#[test]
fn the_model_form_lists_the_architecture() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let inputs = fs::read_to_string(src.join("calc/memory/inputs.rs")).unwrap();
    // The table's three runs of fields, in the invocation `memory_table!([..], [..], [..])`: the
    // architecture is the second.
    let call = inputs
        .split("\nmemory_table!(")
        .nth(1)
        .expect("the memory table's invocation");
    let arch = call
        .split("\n    [\n")
        .nth(2)
        .and_then(|r| r.split("\n    ],").next())
        .expect("the architecture's run of fields");
    let kinds = ["Field::Num(", "Field::Flag(", "Field::Choice("];
    let mut want = Vec::new();
    for kind in kinds {
        want.extend(named_after(arch, &[kind]));
    }
    assert!(want.len() >= 20, "the architecture was not found: {want:?}");
    let form = fs::read_to_string(src.join("app/views/model/arch.rs")).unwrap();
    let listed = named_after(&form, &["num(&", "flag(&", "choice(&"]);
    assert_eq!(listed, want, "the architecture fold and ARCH differ");
}
