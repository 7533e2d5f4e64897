//! The catalogue file and its build-time checker: the checker build.rs runs (compiled in here by
//! `#[path]`) accepts the real file, refuses each kind of bad row with the row named, and the
//! tables the page carries are exactly the file's rows.

#[allow(dead_code)]
#[path = "../../build/catalogue.rs"]
mod checker;

use gpuplan::calc::choice::Choice;
use gpuplan::calc::memory::catalogue::GPUS;
use gpuplan::calc::memory::prices::{Quote, HOSTS, MACHINES, PRICES};

fn file() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/catalogue.toml");
    std::fs::read_to_string(path).unwrap()
}

/// A small valid file: one card with a rent in yuan, one machine of it with a monthly rent.
const GOOD: &str = r#"
[[card]]
id = "x"
name = "Card X 24 GB"
vram_gb = 24
usable_mib = 24000
usable_source = "a printout"
bandwidth_gb_s = 1000
bf16_tflops = 100
bf16 = true
power_w = 300
interconnect = "PCIe 4.0"
form = "pcie"

[card.rent.CNY]
tier = "on_demand"
amount = 2.0
low = 1.5
high = 3.0
source = "Site list price"
date = "2026-09"

[[machine]]
id = "8x-x"
name = "8 × X"
card = "x"
cards = 8
interconnect = "PCIe 4.0"
power_kw = 4.5
power_source = "vendor sheet"

[machine.rent.CNY]
tier = "monthly"
per = "month"
amount = 7300
source = "Market monthly rent"
date = "2026-08"

[[host]]
id = "host-x"
name = "4-card host"
form = "pcie"
cards = 4
fits = ["x"]
power_w = 600
power_source = "its supply"

[host.buy.USD]
tier = "street"
amount = 5000
source = "Dealer page"
date = "2026-10"
"#;

/// The errors the checker gives for `GOOD` with `from` replaced by `to`.
#[track_caller]
fn errors_with(from: &str, to: &str) -> Vec<String> {
    assert!(GOOD.contains(from), "{from:?} is not in the sample");
    match checker::parse(&GOOD.replacen(from, to, 1)) {
        Ok(_) => panic!("{from:?} -> {to:?} was accepted"),
        Err(e) => e,
    }
}

/// Asserts one of `errors` mentions every piece of `wanted`.
#[track_caller]
fn says(errors: &[String], wanted: &[&str]) {
    assert!(
        errors.iter().any(|e| wanted.iter().all(|w| e.contains(w))),
        "no error mentions {wanted:?}: {errors:#?}"
    );
}

#[test]
fn the_real_file_passes_the_checks() {
    let c = checker::parse(&file()).unwrap_or_else(|e| panic!("{e:#?}"));
    assert_eq!(c.cards.len(), GPUS.len());
    assert_eq!(c.machines.len(), MACHINES.len());
}

#[test]
fn the_sample_passes_and_a_monthly_rent_is_kept_per_hour() {
    let c = checker::parse(GOOD).unwrap();
    let rent = c.machines[0].prices.rent[0].clone().unwrap();
    assert!(rent.monthly);
    assert_eq!(rent.amount, 10.0);
    assert_eq!((rent.low, rent.high), (10.0, 10.0));
    let card = c.cards[0].prices.rent[0].clone().unwrap();
    assert_eq!((card.low, card.amount, card.high), (1.5, 2.0, 3.0));
    assert!(!card.monthly);
}

#[test]
fn a_price_without_a_source_or_a_date_fails_naming_the_row() {
    let e = errors_with("source = \"Site list price\"\n", "");
    says(&e, &["card \"x\"", "rent.CNY", "source is missing"]);
    let e = errors_with("date = \"2026-09\"\n", "");
    says(&e, &["card \"x\"", "rent.CNY", "date is missing"]);
    let e = errors_with("source = \"Site list price\"", "source = \"  \"");
    says(&e, &["card \"x\"", "source is missing"]);
}

#[test]
fn a_date_must_be_a_month_of_this_century() {
    for (bad, why) in [
        ("2026-13", "month 13"),
        ("2026-00", "month 0"),
        ("26-09", "YYYY-MM"),
        ("2026-9", "YYYY-MM"),
        ("2026/09", "YYYY-MM"),
        ("2026-09-01", "YYYY-MM"),
        ("1999-09", "year 1999"),
    ] {
        let e = errors_with("date = \"2026-09\"", &format!("date = \"{bad}\""));
        says(
            &e,
            &["card \"x\"", "rent.CNY", &format!("date \"{bad}\""), why],
        );
    }
}

#[test]
fn a_range_out_of_order_fails() {
    let e = errors_with("low = 1.5", "low = 2.5");
    says(&e, &["card \"x\"", "out of order", "low 2.5"]);
    let e = errors_with("high = 3.0", "high = 1.9");
    says(&e, &["card \"x\"", "out of order", "high 1.9"]);
}

#[test]
fn a_currency_must_be_yuan_or_dollars() {
    let e = errors_with("[card.rent.CNY]", "[card.rent.EUR]");
    says(
        &e,
        &["card \"x\"", "currency \"EUR\" is not one of CNY, USD"],
    );
}

#[test]
fn figures_must_be_positive_and_plausible() {
    let e = errors_with("amount = 2.0", "amount = 0");
    says(&e, &["card \"x\"", "rent.CNY", "amount 0 is not from 0.01"]);
    let e = errors_with("amount = 2.0", "amount = \"2\"");
    says(&e, &["card \"x\"", "amount should be a number"]);
    // Rent per hour is capped at 10^5; a monthly rent at 730 times that.
    let e = errors_with("amount = 2.0", "amount = 200000.0");
    says(&e, &["card \"x\"", "amount 200000 is not from"]);
    let e = errors_with("power_w = 300", "power_w = -1");
    says(&e, &["card \"x\"", "power_w -1"]);
}

#[test]
fn a_machine_must_name_a_card_of_the_file() {
    let e = errors_with("card = \"x\"", "card = \"nope\"");
    says(
        &e,
        &[
            "machine \"8x-x\"",
            "card \"nope\" is not a card of this file",
        ],
    );
    let e = errors_with("cards = 8", "cards = 8.5");
    says(&e, &["machine \"8x-x\"", "whole number"]);
}

#[test]
fn per_is_hour_or_month_and_only_for_a_rent() {
    let e = errors_with("per = \"month\"", "per = \"week\"");
    says(&e, &["machine \"8x-x\"", "rent.CNY", "per should be"]);
    // A card's rent may be by the month too, but only as the monthly tier.
    let e = errors_with("amount = 2.0", "per = \"month\"\namount = 2.0");
    says(&e, &["card \"x\"", "rent.CNY", "tier \"monthly\""]);
}

/// Every price names its tier; a rent per month is the monthly tier and the monthly tier is per
/// month; a purchase is a street or a launch price.
#[test]
fn every_price_names_its_tier() {
    let e = errors_with("tier = \"on_demand\"\n", "");
    says(&e, &["card \"x\"", "rent.CNY", "tier is missing"]);
    let e = errors_with("tier = \"on_demand\"", "tier = \"reserved\"");
    says(&e, &["card \"x\"", "tier \"reserved\" is not one of"]);
    let e = errors_with("tier = \"monthly\"", "tier = \"on_demand\"");
    says(&e, &["machine \"8x-x\"", "tier \"monthly\""]);
    let e = errors_with("tier = \"on_demand\"", "tier = \"street\"");
    says(&e, &["card \"x\"", "tier \"street\" is not one of"]);
    let c = checker::parse(GOOD).unwrap();
    assert_eq!(
        c.machines[0].prices.rent[0].as_ref().unwrap().tier,
        "monthly"
    );
}

#[test]
fn ids_are_unique_across_cards_and_machines_and_keys_are_known() {
    let e = errors_with("id = \"8x-x\"", "id = \"x\"");
    says(&e, &["machine \"x\"", "used by another row"]);
    let e = errors_with("id = \"8x-x\"", "id = \"8x X\"");
    says(&e, &["machine \"8x X\"", "lowercase"]);
    let e = errors_with("amount = 2.0", "amout = 2.0");
    says(&e, &["card \"x\"", "unknown key \"amout\""]);
    says(&e, &["card \"x\"", "amount is missing"]);
    let e = errors_with("bf16 = true", "bf16 = true\ncolour = \"green\"");
    says(&e, &["card \"x\"", "unknown key \"colour\""]);
    let e = errors_with("name = \"Card X 24 GB\"\n", "");
    says(&e, &["card \"x\"", "name is missing"]);
    let e = errors_with("[[machine]]", "[[machines]]");
    says(&e, &["unknown top-level key \"machines\""]);
}

#[test]
fn every_problem_is_reported_not_only_the_first() {
    let bad = GOOD
        .replacen("date = \"2026-09\"", "date = \"2026-13\"", 1)
        .replacen("card = \"x\"", "card = \"nope\"", 1);
    let e = checker::parse(&bad).unwrap_err();
    assert_eq!(e.len(), 2, "{e:#?}");
    let e = checker::parse(&GOOD.replacen("form = \"pcie\"\n\n[card", "\n[card", 1)).unwrap_err();
    says(&e, &["card \"x\"", "form is missing"]);
}

fn same_quote(generated: &Option<Quote>, read: &Option<checker::Quote>, what: &str) {
    match (generated, read) {
        (None, None) => {}
        (Some(g), Some(r)) => {
            assert_eq!(
                (
                    g.amount,
                    g.low,
                    g.high,
                    g.source,
                    g.date,
                    g.monthly,
                    g.tier.id()
                ),
                (
                    r.amount,
                    r.low,
                    r.high,
                    r.source.as_str(),
                    r.date.as_str(),
                    r.monthly,
                    r.tier.as_str()
                ),
                "{what}"
            );
        }
        _ => panic!("{what}: one side has a quote, the other none"),
    }
}

/// The tables compiled into the page are the file's rows, in the file's order.
#[test]
fn the_compiled_tables_are_the_files_rows() {
    let c = checker::parse(&file()).unwrap();
    for ((g, p), r) in GPUS.iter().zip(PRICES).zip(&c.cards) {
        assert_eq!((g.id, p.id), (r.id.as_str(), r.id.as_str()));
        assert_eq!(
            (
                g.name,
                g.vram_gb,
                g.usable_mib,
                g.usable_source,
                g.bandwidth_gb_s,
                g.bf16_tflops,
                g.bf16,
                g.fp8_tflops,
                g.power_w,
                g.interconnect
            ),
            (
                r.name.as_str(),
                r.vram_gb,
                r.usable_mib,
                r.usable_source.as_str(),
                r.bandwidth_gb_s,
                r.bf16_tflops,
                r.bf16,
                r.fp8_tflops,
                r.power_w,
                r.interconnect.as_str()
            )
        );
        same_quote(&p.rent_cny, &r.prices.rent[0], g.id);
        same_quote(&p.rent_usd, &r.prices.rent[1], g.id);
        same_quote(&p.buy_cny, &r.prices.buy[0], g.id);
        same_quote(&p.buy_usd, &r.prices.buy[1], g.id);
    }
    for (m, r) in MACHINES.iter().zip(&c.machines) {
        assert_eq!(
            (
                m.id,
                m.name,
                m.card,
                m.cards,
                m.interconnect,
                m.power_kw,
                m.power_source
            ),
            (
                r.id.as_str(),
                r.name.as_str(),
                r.card.as_str(),
                r.cards,
                r.interconnect.as_str(),
                r.power_kw,
                r.power_source.as_str()
            )
        );
        same_quote(&m.rent_cny, &r.prices.rent[0], m.id);
        same_quote(&m.rent_usd, &r.prices.rent[1], m.id);
        same_quote(&m.buy_cny, &r.prices.buy[0], m.id);
        same_quote(&m.buy_usd, &r.prices.buy[1], m.id);
    }
    assert_eq!(HOSTS.len(), c.hosts.len());
    for (h, r) in HOSTS.iter().zip(&c.hosts) {
        let fits: Vec<&str> = r.fits.iter().map(String::as_str).collect();
        assert_eq!(
            (h.id, h.name, h.cards, h.fits, h.power_w, h.power_source),
            (
                r.id.as_str(),
                r.name.as_str(),
                r.cards,
                fits.as_slice(),
                r.power_w,
                r.power_source.as_str()
            )
        );
        same_quote(&h.buy_cny, &r.prices.buy[0], h.id);
        same_quote(&h.buy_usd, &r.prices.buy[1], h.id);
    }
    for (g, r) in GPUS.iter().zip(&c.cards) {
        assert_eq!(g.form.id(), r.form, "{}", g.id);
    }
}

/// A card names how it is built; a host takes cards of its own form, is bought not rented, at a
/// street price.
#[test]
fn forms_and_hosts_are_checked() {
    let e = errors_with("form = \"pcie\"\n\n[card", "form = \"dimm\"\n\n[card");
    says(&e, &["card \"x\"", "form \"dimm\" is not one of"]);
    let e = errors_with("fits = [\"x\"]", "fits = [\"y\"]");
    says(&e, &["host \"host-x\"", "fits \"y\"", "not a card"]);
    let e = errors_with("form = \"pcie\"\ncards = 4", "form = \"sxm\"\ncards = 4");
    says(&e, &["host \"host-x\"", "fits \"x\"", "form \"pcie\""]);
    let e = errors_with("fits = [\"x\"]", "fits = []");
    says(&e, &["host \"host-x\"", "fits is empty"]);
    let e = errors_with(
        "[host.buy.USD]\ntier = \"street\"",
        "[host.buy.USD]\ntier = \"launch\"",
    );
    says(&e, &["host \"host-x\"", "tier \"launch\""]);
    let e = errors_with("[host.buy.USD]", "[host.rent.USD]");
    says(&e, &["host \"host-x\"", "unknown key \"rent\""]);
    let c = checker::parse(GOOD).unwrap();
    assert_eq!((c.hosts[0].cards, c.hosts[0].power_w), (4, 600.0));
}

/// The catalogue has the cards rented in China and the usual data-centre ones, and an 8-card
/// machine row of each family the guide's readers rent or buy.
#[test]
fn the_catalogue_covers_the_cards_and_machines_asked_for() {
    for id in [
        "rtx-4090",
        "h20",
        "l20",
        "a800-80gb",
        "a100-80gb",
        "h100-sxm",
        "h200",
        "l40s",
        "b200",
    ] {
        assert!(GPUS.iter().any(|g| g.id == id), "{id}");
    }
    for card in [
        "h100-sxm",
        "h200",
        "a100-80gb",
        "a800-80gb",
        "h20",
        "l40s",
        "rtx-4090",
        "b200",
    ] {
        let m = MACHINES.iter().find(|m| m.card == card).unwrap();
        assert_eq!(m.cards, 8, "{card}");
        assert!(!m.power_source.is_empty(), "{card}");
    }
}
