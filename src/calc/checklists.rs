//! The operating routine as checklists (docs/formulas.md, "Operating routine and checklists"), in English and Chinese, and the
//! troubleshooting table. Item ids are part of the link (`checked=`) and of saved scenarios, so they
//! never change; text may.

pub struct Item {
    pub id: &'static str,
    pub en: &'static str,
    pub zh: &'static str,
    /// A command to run for the check, if there is one.
    pub cmd: &'static str,
}

pub struct List {
    pub id: &'static str,
    pub en: &'static str,
    pub zh: &'static str,
    pub items: &'static [Item],
}

const fn item(id: &'static str, en: &'static str, zh: &'static str, cmd: &'static str) -> Item {
    Item { id, en, zh, cmd }
}

pub const LISTS: &[List] = &[
    List {
        id: "before",
        en: "Three questions before renting",
        zh: "租用之前先答三个问题",
        items: &[
            item("before-interrupt", "Can the job be interrupted? If it can, make it resume from a checkpoint before anything else.", "任务能否被中断?如果会被中断,先把断点续训做好,再谈别的。", ""),
            item("before-data", "Where does the data live? Over 20 GB: put it in object storage first and pull it over the internal network.", "数据放在哪里?超过 20 GB 的,先传到对象存储,再走内网拉到实例上。", ""),
            item("before-end", "How does it end? Know where results go, when the instance is released, and whether an image is kept.", "任务怎么收尾?想清楚结果存到哪里、实例何时释放、是否保留镜像。", ""),
        ],
    },
    List {
        id: "env",
        en: "Environment checks",
        zh: "环境检查",
        items: &[
            item("env-smi", "The card, its memory, the driver and current use are what you paid for.", "确认显卡型号、显存、驱动版本和当前占用与所付费用一致。", "nvidia-smi"),
            item("env-nvcc", "The CUDA toolkit version, if you compile anything.", "如需编译,查看 CUDA 工具包版本。", "nvcc --version"),
            item("env-torch", "PyTorch's version, the CUDA it was built for, and that it sees the card.", "查看 PyTorch 版本、其编译所用的 CUDA 版本,并确认能识别显卡。", "python -c \"import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available())\""),
            item("env-match", "The highest CUDA the driver supports is at least the framework's CUDA build.", "驱动支持的最高 CUDA 版本不低于框架编译时使用的 CUDA 版本。", ""),
            item("env-image", "A working environment is saved as an image: half an hour once, then later starts run code within two minutes.", "把调通的环境做成镜像:一次花半小时,之后每次启动两分钟内就能跑代码。", ""),
            item("env-pin", "Dependencies are pinned.", "依赖版本已固定。", "pip freeze > requirements.txt"),
        ],
    },
    List {
        id: "data",
        en: "Transfer and integrity",
        zh: "数据传输与校验",
        items: &[
            item("data-git", "Code travels through version control, not by copying folders.", "代码通过版本控制同步,而不是拷贝目录。", "git clone <repository>"),
            item("data-rsync", "Large data goes with a resumable, incremental copy.", "大数据用可断点续传、增量同步的方式传输。", "rsync -avzP data/ user@host:/data/"),
            item("data-verify", "After the copy, file count, total size or hashes match the source.", "传完后核对文件数、总大小或哈希值与源端一致。", "find /data -type f | wc -l; du -sh /data; sha256sum -c SHA256SUMS"),
        ],
    },
    List {
        id: "run",
        en: "Running and monitoring",
        zh: "运行与监控",
        items: &[
            item("run-detach", "The job runs detached from the SSH session, with its output logged.", "任务脱离 SSH 会话运行,输出写入日志。", "tmux new -s job   # or: nohup python train.py 2>&1 | tee train.log &"),
            item("run-util", "GPU use is watched: under 70% for long means data loading is the bottleneck.", "持续关注 GPU 利用率:长时间低于 70% 说明瓶颈在数据加载。", "nvidia-smi dmon -s u"),
            item("run-mem", "Peak memory is recorded, not the mean.", "记录显存峰值,而不是平均值。", "nvidia-smi --query-gpu=memory.used --format=csv -l 5"),
            item("run-throughput", "Throughput (samples or tokens a second) is logged and does not fall over time.", "记录吞吐(每秒样本数或 token 数),并确认它不随时间下降。", ""),
            item("run-ckpt", "A checkpoint every 500-1,000 steps holds weights, optimiser, scheduler, step and epoch; the last three are kept.", "每 500-1000 步保存一次检查点,包含权重、优化器、调度器、步数和轮次;保留最近三个。", ""),
        ],
    },
    List {
        id: "release",
        en: "Release in five steps",
        zh: "释放五步",
        items: &[
            item("rel-copy", "Weights, logs and results are copied out and their sizes checked.", "权重、日志和结果已拷出,并核对了大小。", "du -sh outputs/"),
            item("rel-record", "The environment and configuration are written down.", "环境与配置已记录下来。", "pip freeze > env.txt"),
            item("rel-stop", "Every background process is stopped.", "所有后台进程都已停止。", "tmux ls; ps aux | grep python"),
            item("rel-disks", "Unneeded disks are detached and deleted, and temporary snapshots removed.", "不再需要的云盘已卸载并删除,临时快照已清理。", "df -h"),
            item("rel-release", "The instance is released and its state reads released, not stopped.", "实例已释放,控制台状态显示“已释放”而不是“已停止”。", ""),
        ],
    },
    List {
        id: "rules",
        en: "Five rules",
        zh: "五条原则",
        items: &[
            item("rule-util", "Utilisation before price: an idle cheap card is dearer than a busy one.", "先看利用率,再看单价:闲置的便宜卡比忙碌的贵卡更贵。", ""),
            item("rule-peak", "Size memory for the peak, not the mean, and add 20%.", "按峰值而不是平均值估算显存,再加 20% 余量。", ""),
            item("rule-spot", "No spot capacity without checkpoint-resume.", "没有断点续训,就不用抢占式实例。", ""),
            item("rule-image", "The environment is baked into an image.", "环境固化成镜像。", ""),
            item("rule-release", "Release is part of the routine: automatic release times and a monthly bill review.", "释放写进日常流程:设置自动释放时间,每月复盘账单。", ""),
        ],
    },
];

/// Symptom, likely cause, what to check.
pub struct Trouble {
    pub en: [&'static str; 3],
    pub zh: [&'static str; 3],
}

pub const TROUBLES: &[Trouble] = &[
    Trouble {
        en: [
            "CUDA says \"driver version is insufficient\"",
            "the framework was built for a newer CUDA than the driver supports",
            "pick a framework build for the driver's CUDA (nvidia-smi shows it)",
        ],
        zh: [
            "CUDA 报错 “driver version is insufficient”",
            "框架编译所用的 CUDA 比驱动支持的版本新",
            "换一个与驱动 CUDA 版本匹配的框架版本(nvidia-smi 可查看)",
        ],
    },
    Trouble {
        en: [
            "NCCL errors at start",
            "cards not visible to every process, or the interconnect is down",
            "CUDA_VISIBLE_DEVICES, then the interconnect (nvidia-smi topo -m)",
        ],
        zh: [
            "启动时 NCCL 报错",
            "部分进程看不到显卡,或卡间互联异常",
            "先查 CUDA_VISIBLE_DEVICES,再查互联(nvidia-smi topo -m)",
        ],
    },
    Trouble {
        en: [
            "writes fail, odd crashes",
            "the disk is full",
            "df -h first",
        ],
        zh: ["写文件失败或莫名崩溃", "磁盘已满", "先执行 df -h"],
    },
    Trouble {
        en: [
            "low GPU use, high memory",
            "data loading cannot keep up",
            "more loader workers, faster storage, data on local disk",
        ],
        zh: [
            "GPU 利用率低但显存占用高",
            "数据加载跟不上",
            "增加加载进程数、换更快的存储、把数据放到本地盘",
        ],
    },
    Trouble {
        en: [
            "adding cards barely speeds it up",
            "a slow interconnect or too much communication",
            "an all-reduce benchmark; a larger batch per card",
        ],
        zh: [
            "加卡后速度几乎不涨",
            "互联太慢或通信过多",
            "跑一次 all-reduce 基准测试;增大单卡 batch",
        ],
    },
    Trouble {
        en: [
            "throughput falls over hours",
            "a memory leak or fragmentation",
            "memory over time; tensors kept across steps",
        ],
        zh: [
            "吞吐随时间下降",
            "内存泄漏或显存碎片",
            "观察显存随时间的变化;排查跨步保留的张量",
        ],
    },
    Trouble {
        en: [
            "the first batch is slow",
            "compilation and warm-up",
            "nothing: this is normal",
        ],
        zh: ["第一个 batch 很慢", "编译与预热", "无需处理,属于正常现象"],
    },
    Trouble {
        en: [
            "same setup, over 10% slower on another instance",
            "noisy neighbours or thermal throttling",
            "nvidia-smi -q -d PERFORMANCE; ask for another host",
        ],
        zh: [
            "同样配置,换一台实例慢了 10% 以上",
            "邻居干扰或降频",
            "nvidia-smi -q -d PERFORMANCE;申请更换宿主机",
        ],
    },
    Trouble {
        en: [
            "\"file not found\" for a file that is there",
            "the file belongs to another user",
            "ls -l; chown",
        ],
        zh: [
            "文件明明存在却报 “file not found”",
            "文件属主不对",
            "ls -l;必要时 chown",
        ],
    },
    Trouble {
        en: ["empty samples", "broken symbolic links", "find -xtype l"],
        zh: ["读到空样本", "符号链接失效", "find -xtype l"],
    },
    Trouble {
        en: [
            "transfer charges you did not expect",
            "data and instance in different regions",
            "put the bucket in the instance's region",
        ],
        zh: [
            "出现意料之外的传输费用",
            "数据和实例不在同一地域",
            "把存储桶放到实例所在地域",
        ],
    },
];

/// Whether `id` names a checklist item.
pub fn is_item(id: &str) -> bool {
    LISTS.iter().flat_map(|l| l.items).any(|i| i.id == id)
}
