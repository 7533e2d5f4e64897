//! The operating routine as checklists (docs/formulas.md, "Operating routine and checklists") and
//! the troubleshooting table, by id. Item ids are part of the link (`checked=`) and of saved
//! scenarios, so they never change. The words of every list, item and troubleshooting row live in
//! the locale files (`[lists.<list id>]`: `title` and one text per item id; `[trouble.<row id>]`:
//! `symptom`, `cause`, `check`); only the commands, which are not language, are kept here.

pub struct Item {
    pub id: &'static str,
    /// A command to run for the check, if there is one.
    pub cmd: &'static str,
}

pub struct List {
    pub id: &'static str,
    pub items: &'static [Item],
}

const fn item(id: &'static str, cmd: &'static str) -> Item {
    Item { id, cmd }
}

pub const LISTS: &[List] = &[
    List {
        id: "before",
        items: &[
            item("before-interrupt", ""),
            item("before-data", ""),
            item("before-end", ""),
        ],
    },
    List {
        id: "env",
        items: &[
            item("env-smi", "nvidia-smi"),
            item("env-nvcc", "nvcc --version"),
            item(
                "env-torch",
                "python -c \"import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available())\"",
            ),
            item("env-match", ""),
            item("env-image", ""),
            item("env-pin", "pip freeze > requirements.txt"),
        ],
    },
    List {
        id: "data",
        items: &[
            item("data-git", "git clone <repository>"),
            item("data-rsync", "rsync -avzP data/ user@host:/data/"),
            item(
                "data-verify",
                "find /data -type f | wc -l; du -sh /data; sha256sum -c SHA256SUMS",
            ),
        ],
    },
    List {
        id: "run",
        items: &[
            item(
                "run-detach",
                "tmux new -s job   # or: nohup python train.py 2>&1 | tee train.log &",
            ),
            item("run-util", "nvidia-smi dmon -s u"),
            item(
                "run-mem",
                "nvidia-smi --query-gpu=memory.used --format=csv -l 5",
            ),
            item("run-throughput", ""),
            item("run-ckpt", ""),
        ],
    },
    List {
        id: "release",
        items: &[
            item("rel-copy", "du -sh outputs/"),
            item("rel-record", "pip freeze > env.txt"),
            item("rel-stop", "tmux ls; ps aux | grep python"),
            item("rel-disks", "df -h"),
            item("rel-release", ""),
        ],
    },
    List {
        id: "rules",
        items: &[
            item("rule-util", ""),
            item("rule-peak", ""),
            item("rule-spot", ""),
            item("rule-image", ""),
            item("rule-release", ""),
        ],
    },
];

/// The troubleshooting table's rows (symptom, likely cause, what to check), by id, in order.
pub const TROUBLES: &[&str] = &[
    "driver",
    "nccl",
    "disk-full",
    "loading",
    "scaling",
    "slowdown",
    "first-batch",
    "neighbours",
    "owner",
    "symlinks",
    "transfer",
];

/// Whether `id` names a checklist item.
pub fn is_item(id: &str) -> bool {
    LISTS.iter().flat_map(|l| l.items).any(|i| i.id == id)
}
