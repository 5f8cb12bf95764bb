"""Generated markdown pages for the benchmarks (content.sh, search.sh): the vocabulary, sentences, paragraphs, and
the batches of insert_page operations that the scripts write through the content API (see lib.sh's seed_space)."""
import json
import os

COMMON = ("account api access billing branch cache cluster configuration customer dashboard database deployment "
          "domain endpoint environment error event export gateway import index integration invoice key latency "
          "limit log merge metric migration monitoring network notification organization page payment permission "
          "pipeline plan policy project query queue region release request response role schema search secret "
          "server service session setting space storage subscription team template tenant token update upload "
          "user version webhook workflow").split()
FILLER = "the a of to and in for with on that is are by from as this can when your it will each then".split()
BATCH = 50
MAX_SIZE = 3072


def sentence(rng):
    words = [rng.choice(COMMON if rng.random() < 0.45 else FILLER) for _ in range(rng.randint(8, 16))]
    return " ".join(words).capitalize() + "."


def paragraph(rng):
    return " ".join(sentence(rng) for _ in range(rng.randint(2, 4)))


def heading(rng):
    return "## " + " ".join(rng.choice(COMMON) for _ in range(rng.randint(2, 3))).title()


def write_batches(out_dir, pages, rng, markdown_of):
    """out_dir/batch-NNNNN.json: each a top-level insert_page and up to BATCH - 1 children, PAGES in all. The
    markdown of page n (0-based, in order) titled `name` is markdown_of(n, name). Prints the sizes."""
    sizes, page, batch = [], 0, 0
    while page < pages:
        ref = f"top{batch}"
        ops = []
        for i in range(min(BATCH, pages - page)):
            name = f"{rng.choice(COMMON).title()} {rng.choice(COMMON).title()} {batch + 1}" + ("" if i == 0 else f"-{i}")
            md = markdown_of(page, name)
            op = {"operation": "insert_page", "title": name, "document": {"markdown": md}}
            op.update({"ref": ref} if i == 0 else {"into": ref})
            ops.append(op)
            sizes.append(len(md.encode()))
            page += 1
        with open(os.path.join(out_dir, f"batch-{batch:05d}.json"), "w") as f:
            json.dump({"changes": ops}, f)
        batch += 1
    print(f"markdown {min(sizes)}-{max(sizes)} B, mean {sum(sizes) // len(sizes)} B")
