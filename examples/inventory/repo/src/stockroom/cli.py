"""python -m stockroom.cli fulfil STOCK.csv ORDER.csv | reorder STOCK.csv"""
import argparse
import sys

from .orders import fulfil, read_order, unknown_skus
from .store import Inventory


def main(argv=None):
    parser = argparse.ArgumentParser(prog="stockroom")
    sub = parser.add_subparsers(dest="command", required=True)
    p_fulfil = sub.add_parser("fulfil", help="fulfil an order from stock")
    p_fulfil.add_argument("stock")
    p_fulfil.add_argument("order")
    p_reorder = sub.add_parser("reorder", help="list SKUs at or below their reorder level")
    p_reorder.add_argument("stock")
    args = parser.parse_args(argv)

    inventory = Inventory.load_csv(args.stock)
    if args.command == "reorder":
        print("\n".join(inventory.reorder_list()))
        return 0
    lines = read_order(args.order)
    for sku in unknown_skus(inventory, lines):
        print(f"warning: {sku} is not stocked, skipping", file=sys.stderr)
    shipment = fulfil(inventory, lines)
    for sku, qty in shipment.shipped:
        print(f"ship       {sku:10} {qty:5}")
    for sku, qty in shipment.backordered:
        print(f"backorder  {sku:10} {qty:5}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
